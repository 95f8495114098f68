// The yard locations module's public face: code outside server/src/modules/yard-locations imports
// only this file, and the module's table through server/src/db/schema.ts (eslint).
export * from './yard-locations.routes';
export * from './yard-locations.service';
export { YARD_LOCATIONS_CHANNEL } from './yard-locations.cache';
