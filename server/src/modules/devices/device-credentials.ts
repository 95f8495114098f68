import { createHash, randomBytes } from 'node:crypto';
import { deviceUsername, parseDeviceUsername, type DeviceKind } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { hashPassword, verifyPassword } from '../auth/password-hasher';
import { devicesRepository } from './devices.repository';

// A device password is random, shown once, and kept only as an argon2id hash.
export async function newDeviceSecret(kind: DeviceKind, id: number) {
  const password = randomBytes(18).toString('base64url');
  return { mqttUsername: deviceUsername(kind, id), mqttPassword: password, hash: await hashPassword(password) };
}

// A placeholder hash nobody can match, for the moment between INSERT (which gives the id the
// username needs) and writing the real one in the same transaction.
export const UNUSABLE_SECRET_HASH = '!';

// Checks device logins for the embedded broker. Verified (username, password) pairs are cached
// for a few minutes so a reconnect storm does not cost an argon2 verification per connection.
export function createDeviceAuthenticator(db: Database) {
  const verified = new Map<string, number>();
  const CACHE_MS = 5 * 60_000;
  const key = (username: string, password: string) =>
    `${username}:${createHash('sha256').update(password).digest('hex')}`;

  return {
    async check(username: string, password: string): Promise<boolean> {
      const device = parseDeviceUsername(username);
      if (!device) return false;
      const cacheKey = key(username, password);
      const until = verified.get(cacheKey);
      if (until !== undefined && until > Date.now()) return true;
      const hash = await devicesRepository.secretHash(db, device.kind, device.id);
      if (!hash || hash === UNUSABLE_SECRET_HASH || !(await verifyPassword(hash, password))) return false;
      verified.set(cacheKey, Date.now() + CACHE_MS);
      return true;
    },
    // New credentials or a deleted device must not ride on the cache.
    forget(username: string) {
      for (const cached of verified.keys()) if (cached.startsWith(`${username}:`)) verified.delete(cached);
    },
  };
}

export type DeviceAuthenticator = ReturnType<typeof createDeviceAuthenticator>;
