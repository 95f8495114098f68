// The configuration module's public face: code outside server/src/modules/configuration imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './configuration.repository';
export * from './configuration.routes';
export * from './configuration.service';
