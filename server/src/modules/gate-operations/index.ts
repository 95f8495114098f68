// The gate operations module's public face: code outside server/src/modules/gate-operations imports
// only this file, and the module's tables through server/src/db/schema.ts (eslint).
export * from './gate-operations.routes';
export * from './gate-operations.service';
