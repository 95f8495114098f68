// The batch module's public face: code outside server/src/modules/batch imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './batch.routes';
export * from './batch.service';
