// The metadata module's public face: code outside server/src/modules/metadata imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './map-tile-sources';
export * from './metadata.routes';
