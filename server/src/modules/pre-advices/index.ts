// The pre-advices module's public face: code outside server/src/modules/pre-advices imports only
// this file, and the module's table through server/src/db/schema.ts (eslint).
export * from './pre-advices.routes';
export * from './pre-advices.service';
