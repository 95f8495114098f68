// The users module's public face: code outside server/src/modules/users imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './users.repository';
export * from './users.routes';
export * from './users.service';
