// The planning module's public face: code outside server/src/modules/planning imports only this
// file, and the module's tables through server/src/db/schema.ts (eslint). The engine is pure code
// the bench runs too.
export * from './engine';
export * from './planning.routes';
export * from './planning.service';
