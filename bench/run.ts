// `npm run bench`: every benchmark, one after another (today the live pipeline).
import { main as inventory } from './inventory';
import { main as ocr } from './ocr';
import { main as pipeline } from './pipeline';

await pipeline();
await inventory();
await ocr();
process.exit(0);
