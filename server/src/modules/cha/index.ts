// The CHA module's public face: code outside server/src/modules/cha imports only this file, and the
// module's tables through server/src/db/schema.ts (eslint).
export * from './cha.routes';
export * from './cha.service';
