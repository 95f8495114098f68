// The yard module's public face: code outside server/src/modules/yard imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './slot-namer';
export * from './yard-layout.service';
export * from './yard.repository';
