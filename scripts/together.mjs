#!/usr/bin/env node
// Runs npm scripts at the same time and fails when one fails: `node scripts/together.mjs typecheck lint`.
// The type check and lint are each one process on one core, and CI has two. Each script's output is
// printed whole once it ends, so the two do not interleave line by line.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('Usage: node scripts/together.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`;
      process.stdout.write(`\n> npm run ${name}: ${outcome} in ${seconds} s\n${Buffer.concat(chunks).toString()}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
