// The machine allocations module's public face: code outside server/src/modules/machine-allocations
// imports only this file, and the module's table through server/src/db/schema.ts (eslint).
export * from './machine-allocations.routes';
export * from './machine-allocations.service';
