// The inventory module's public face: code outside server/src/modules/inventory imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './container-master-data';
export * from './container-views';
export * from './containers.repository';
export * from './containers.routes';
export * from './containers.service';
export * from './inventory-version';
export * from './inventory.routes';
export * from './inventory.service';
export * from './placement';
export * from './yard-admin.service';
export * from './yard.routes';
