// `npm run bench`: every benchmark, one after another (today the live pipeline).
import { main as pipeline } from './pipeline';

await pipeline();
process.exit(0);
