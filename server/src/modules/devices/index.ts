// The devices module's public face: code outside server/src/modules/devices imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './device-messages.service';
export * from './health-ageing.service';
export * from './device-acks';
