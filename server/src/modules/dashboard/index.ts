// The dashboard module's public face: code outside server/src/modules/dashboard imports only this
// file, and the module's tables through server/src/db/schema.ts (eslint).
export * from './dashboard.routes';
export * from './dashboard.service';
