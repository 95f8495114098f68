// `npm run bench`: every benchmark, one after another: live pipeline, yard inventory, OCR.
import { main as inventory } from './inventory';
import { main as ocr } from './ocr';
import { main as pipeline } from './pipeline';

await pipeline();
await inventory();
await ocr();
process.exit(0);
