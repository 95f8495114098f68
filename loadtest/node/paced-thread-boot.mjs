// Entry of the paced load's worker thread: a worker thread gets no loader hooks from its parent, so
// it registers tsx itself before loading the thread's code (as workers/src/jobs/ocr does).
import { register } from 'tsx/esm/api';

register();
await import('./paced-thread.ts');
