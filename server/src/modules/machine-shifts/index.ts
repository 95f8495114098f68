// The machine shifts module's public face: code outside server/src/modules/machine-shifts imports
// only this file, and the module's table through server/src/db/schema.ts (eslint).
export * from './machine-shifts.routes';
export * from './machine-shifts.service';
