// The exports module's public face: code outside server/src/modules/exports imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './exports.routes';
export * from './exports.service';
