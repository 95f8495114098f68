// The device-logs module's public face: code outside server/src/modules/device-logs imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './device-logs.repository';
export * from './device-logs.routes';
export * from './device-logs.service';
