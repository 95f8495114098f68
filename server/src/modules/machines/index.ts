// The machines module's public face: code outside server/src/modules/machines imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './machines.repository';
export * from './machines.routes';
export * from './machines.service';
