import { pathToFileURL } from 'node:url';

// Runs a bench's main when its file is the script node was started with (not when `npm run bench`
// imports it), and ends the process with its outcome: open handles of a stopped stack do not
// hold a finished bench.
export function runIfMain(moduleUrl: string, main: () => Promise<unknown>) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
