// The kiosk module's public face: code outside server/src/modules/kiosk imports only this file, and
// the module's table through server/src/db/schema.ts (eslint).
export * from './kiosk.routes';
export * from './kiosk.service';
