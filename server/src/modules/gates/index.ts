// The gates module's public face: code outside server/src/modules/gates imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './gates.repository';
export * from './gates.routes';
export * from './gates.service';
