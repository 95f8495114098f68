// The smart gate module's public face: code outside server/src/modules/smart-gate imports only this
// file, and the module's tables through server/src/db/schema.ts (eslint).
export * from './smart-gate.routes';
export * from './smart-gate.service';
