// The roles module's public face: code outside server/src/modules/roles imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './roles.repository';
export * from './roles.routes';
export * from './roles.service';
