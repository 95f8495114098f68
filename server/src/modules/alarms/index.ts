// The alarms module's public face: code outside server/src/modules/alarms imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './alarms.repository';
export * from './alarms.service';
export * from './alarms.recorder';
