// The device-logins module's public face: code outside server/src/modules/device-logins imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './device-credentials';
export * from './device-login-limiter';
export * from './device-registration';
export * from './devices.repository';
