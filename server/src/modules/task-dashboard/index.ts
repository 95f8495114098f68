// The task dashboard module's public face: code outside server/src/modules/task-dashboard imports
// only this file, and the module's tables through server/src/db/schema.ts (eslint).
export * from './task-dashboard.routes';
export * from './task-dashboard.service';
