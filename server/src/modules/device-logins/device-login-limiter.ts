// Every device login that misses the cache costs an argon2 verification (about 20 ms of a core), on
// the broker's CONNECT and on each camera frame upload alike. This limiter bounds that work: per
// client address and per device, at most so many logins may be failing or in progress within a
// minute; beyond that a login is refused without checking the password. A correct password gives
// its attempt back, so a flaky device that reconnects all day is never held up.
//
// It lives in the memory of one process (one per embedded server, one per API process when
// scaled): the limits are then per process, which still bounds each process's argon2 work. A
// database or Redis counter would cost more per login than the check it protects.
export const DEVICE_LOGIN_LIMITS = {
  windowMs: 60_000,
  // A NAT gateway may carry a whole yard's devices, each retrying with a stale password.
  perAddress: 30,
  // Device passwords are 24 random characters: guessing is hopeless, so this bounds CPU, not luck.
  perDevice: 10,
  // Counters kept at most: past this, expired ones are dropped, and while still full a login with a
  // new key is refused (a flood of spoofed devices or addresses cannot grow memory).
  maxKeys: 20_000,
};

export type DeviceLoginLimits = typeof DEVICE_LOGIN_LIMITS;

interface Window {
  count: number;
  resetAt: number;
}

export function createDeviceLoginLimiter(limits: DeviceLoginLimits = DEVICE_LOGIN_LIMITS, now = () => Date.now()) {
  const byAddress = new Map<string, Window>();
  const byDevice = new Map<string, Window>();
  // Where each device last logged in: an attacker elsewhere who spends the device's allowance must
  // not lock the real device out (the per-address limit still holds for it).
  const lastGoodAddress = new Map<string, string>();

  function windowOf(counters: Map<string, Window>, key: string, at: number): Window | null {
    const current = counters.get(key);
    if (current && current.resetAt > at) return current;
    if (!current && counters.size >= limits.maxKeys) {
      for (const [other, window] of counters) if (window.resetAt <= at) counters.delete(other);
      if (counters.size >= limits.maxKeys) return null;
    }
    const fresh = { count: 0, resetAt: at + limits.windowMs };
    counters.set(key, fresh);
    return fresh;
  }

  return {
    // Takes an attempt for this device from this address, or null when it must wait. The attempt
    // counts as failing until `succeeded()` gives it back.
    attempt(device: string, address: string): { succeeded(): void } | null {
      const at = now();
      const perAddress = windowOf(byAddress, address, at);
      if (!perAddress || perAddress.count >= limits.perAddress) return null;
      const knownAddress = lastGoodAddress.get(device) === address;
      const perDevice = knownAddress ? null : windowOf(byDevice, device, at);
      if (!knownAddress && (!perDevice || perDevice.count >= limits.perDevice)) return null;
      perAddress.count += 1;
      if (perDevice) perDevice.count += 1;
      return {
        succeeded() {
          perAddress.count = Math.max(0, perAddress.count - 1);
          if (perDevice) perDevice.count = Math.max(0, perDevice.count - 1);
          if (lastGoodAddress.size >= limits.maxKeys && !lastGoodAddress.has(device)) lastGoodAddress.clear();
          lastGoodAddress.set(device, address);
        },
      };
    },
  };
}

export type DeviceLoginLimiter = ReturnType<typeof createDeviceLoginLimiter>;
