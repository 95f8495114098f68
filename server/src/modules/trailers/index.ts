// The trailers module's public face: code outside server/src/modules/trailers imports only this
// file, and the module's tables through server/src/db/schema.ts (eslint).
export * from './trailers.repository';
export * from './trailers.routes';
export * from './trailers.service';
export * from './visits.repository';
