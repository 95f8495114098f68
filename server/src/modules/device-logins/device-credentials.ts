import { createHash, randomBytes } from 'node:crypto';
import { deviceUsername, parseDeviceUsername, type DeviceKind } from '@openyard/contracts';
import type { DeviceLoginResult } from '../../adapters/broker';
import type { Database } from '../../adapters/db';
import { hashPassword, verifyPassword } from '../auth';
import { createDeviceLoginLimiter, type DeviceLoginLimiter } from './device-login-limiter';
import { devicesRepository } from './devices.repository';

// A device password is random, shown once, and kept only as an argon2id hash.
export async function newDeviceSecret(kind: DeviceKind, id: number) {
  const password = randomBytes(18).toString('base64url');
  return { mqttUsername: deviceUsername(kind, id), mqttPassword: password, hash: await hashPassword(password) };
}

// A placeholder hash nobody can match, for the moment between INSERT (which gives the id the
// username needs) and writing the real one in the same transaction.
export const UNUSABLE_SECRET_HASH = '!';

// Checks device logins (the embedded broker's CONNECT, camera frame uploads). Verified (username,
// password) pairs are cached for a few minutes so a reconnect storm does not cost an argon2
// verification per connection; the others go through the limiter (device-login-limiter.ts).
export function createDeviceAuthenticator(db: Database, limiter: DeviceLoginLimiter = createDeviceLoginLimiter()) {
  const verified = new Map<string, number>();
  const CACHE_MS = 5 * 60_000;
  const key = (username: string, password: string) =>
    `${username}:${createHash('sha256').update(password).digest('hex')}`;

  return {
    // `address`: the client's network address, to which failed attempts count.
    async login(username: string, password: string, address: string): Promise<DeviceLoginResult> {
      const device = parseDeviceUsername(username);
      if (!device) return 'refused';
      const cacheKey = key(username, password);
      const until = verified.get(cacheKey);
      if (until !== undefined && until > Date.now()) return 'accepted';
      const attempt = limiter.attempt(username, address);
      if (!attempt) return 'throttled';
      const hash = await devicesRepository.secretHash(db, device.kind, device.id);
      if (!hash || hash === UNUSABLE_SECRET_HASH || !(await verifyPassword(hash, password))) return 'refused';
      attempt.succeeded();
      verified.set(cacheKey, Date.now() + CACHE_MS);
      return 'accepted';
    },
    // New credentials or a deleted device must not ride on the cache.
    forget(username: string) {
      for (const cached of verified.keys()) if (cached.startsWith(`${username}:`)) verified.delete(cached);
    },
  };
}

export type DeviceAuthenticator = ReturnType<typeof createDeviceAuthenticator>;
