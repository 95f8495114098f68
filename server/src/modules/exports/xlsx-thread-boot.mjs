// Entry of the xlsx writer thread (xlsx-thread.ts). A worker thread gets no loader hooks from its
// parent (under `node --import tsx` or a test runner alike), so it registers tsx itself before
// loading the thread's code, as the OCR thread does.
import { register } from 'tsx/esm/api';

register();
await import('./xlsx-thread.ts');
