// Entry of an OCR worker thread. The product runs TypeScript through tsx; a worker thread gets no
// loader hooks from its parent (under `node --import tsx` or a test runner alike), so it registers
// tsx itself before loading the thread's code.
import { register } from 'tsx/esm/api';

register();
await import('./ocr-thread.ts');
