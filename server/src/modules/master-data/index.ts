// The master-data module's public face: code outside server/src/modules/master-data imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './master-data.repository';
export * from './master-data.routes';
export * from './master-data.service';
