// `npm run build:node`: the process entry (runtime/src/main.ts) compiled to plain JavaScript in
// runtime/dist/, for the image and the fault campaign. Under `node --import tsx` every module of
// the program and of node_modules is resolved and loaded through tsx's hooks, which run on a thread
// of their own: at a machine load of 25 that doubled a killed process's time back. The bundle holds
// Openyard's own TypeScript (the workspaces); packages stay in node_modules, loaded by Node itself.
//
// A module that finds a file beside its source (`new URL('../package.json', import.meta.url)`, the
// migrations, the OCR thread's entry) finds the same file from the bundle: each source's
// import.meta.url is rewritten to its own file's URL, relative to where the bundle runs.
import { readFile } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}runtime/dist`;

const sourceUrls = {
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split(sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
        resolveDir: dirname(args.path),
      };
    });
  },
};

// Packages stay external; the workspaces (@openyard/*) and relative imports are bundled.
const packagesOutside = {
  name: 'packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@openyard/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: { main: `${root}runtime/src/main.ts` },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [sourceUrls, packagesOutside],
  logLevel: 'warning',
});
console.log(`Built ${relative(root, outdir)}/main.js`);
