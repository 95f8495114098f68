// The tasks module's public face: code outside server/src/modules/tasks imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export { toGeneratedTask, toTask } from './tasks.repository';
export * from './tasks.routes';
export * from './tasks.service';
export * from './machine-tasks.publisher';
