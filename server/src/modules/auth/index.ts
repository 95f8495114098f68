// The auth module's public face: code outside server/src/modules/auth imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './access-cache';
export * from './auth.routes';
export * from './auth.service';
export * from './password-hasher';
export * from './principal';
export * from './sessions.repository';
