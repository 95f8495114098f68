import { withCheckDigit, type Container } from '@openyard/contracts';
import { testClient } from './api-client';
import type { TestApp } from './test-app';

// Container numbers with valid check digits, different in every test file and call.
let serial = Math.floor(Math.random() * 500_000);
export function containerNumber(prefix = 'MSCU'): string {
  serial += 1;
  return withCheckDigit(`${prefix}${String(serial % 1_000_000).padStart(6, '0')}`);
}

// Adds a container through the API (an import when it has a location) and returns it.
export async function addContainer(
  t: TestApp,
  auth: Record<string, string>,
  fields: { containerNumber?: string; sizeName?: string; location?: string; [key: string]: unknown } = {},
): Promise<Container> {
  const saved = await testClient(t.app, auth).containers.save({
    body: { containerNumber: containerNumber(), sizeName: '20', ...fields },
  });
  if (!saved.container) throw new Error(`add container failed: ${JSON.stringify(saved)}`);
  return saved.container;
}
