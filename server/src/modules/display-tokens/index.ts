// The display-tokens module's public face: code outside server/src/modules/display-tokens imports
// only this file, and the module's table through server/src/db/schema.ts (eslint).
export * from './display-tokens.routes';
export * from './display-tokens.service';
