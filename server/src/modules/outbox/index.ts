// The outbox module's public face: code outside server/src/modules/outbox imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './outbox-relay';
export * from './outbox.repository';
export * from './outbox.service';
export * from './domain-events';
