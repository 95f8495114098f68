import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../adapters/db';
import { TEST_SERVICES } from './test-services';

// Starting an embedded PostgreSQL (initdb) and running the migrations took most of a server test
// file's setup, the same work for every file: a run does it once here, and each file starts on a
// copy, as the product does when it starts on a data folder it migrated before. The migrations
// still run on every copy (and find nothing to do), so a copy of an older schema would be caught.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's env (vitest.config.ts) reaches its workers, not this process.
  if (project.config.env?.OPENYARD_TEST_DATABASE !== 'postgres') {
    // Memory-backed where the machine has it: a file's database is then as fast as memory:// was.
    const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'openyard-test-template-'));
    const handle = await openPglite(root);
    await handle.close();
    project.provide('testDatabaseTemplate', root);
    return async () => rmSync(root, { recursive: true, force: true });
  }
  const name = `openyard_template_${randomBytes(6).toString('hex')}`;
  const adminUrl = project.config.env?.TEST_POSTGRES_URL ?? TEST_SERVICES.postgresUrl;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 1 });
  await handle.close();
  project.provide('testDatabaseTemplate', name);
  return async () => {
    const cleanup = postgres(adminUrl, { max: 1, onnotice: () => undefined });
    try {
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
    } finally {
      await cleanup.end();
    }
  };
}
