// The jobs module's public face: code outside server/src/modules/jobs imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './jobs.repository';
