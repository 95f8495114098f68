import { describe, expect, it } from 'vitest';
import { createDeviceLoginLimiter, DEVICE_LOGIN_LIMITS } from './device-login-limiter';

const limits = { ...DEVICE_LOGIN_LIMITS, perAddress: 5, perDevice: 3, maxKeys: 4 };

describe('device login limiter', () => {
  it('holds a device back after its failures, and lets it try again a window later', () => {
    let now = 0;
    const limiter = createDeviceLoginLimiter(limits, () => now);
    for (let attempt = 0; attempt < 3; attempt += 1) expect(limiter.attempt('reader-1', '10.0.0.1')).not.toBeNull();
    expect(limiter.attempt('reader-1', '10.0.0.2')).toBeNull();
    expect(limiter.attempt('reader-2', '10.0.0.2')).not.toBeNull();
    now += limits.windowMs;
    expect(limiter.attempt('reader-1', '10.0.0.2')).not.toBeNull();
  });

  it('holds an address back after its failures, whatever devices it names', () => {
    const limiter = createDeviceLoginLimiter({ ...limits, maxKeys: 100 }, () => 0);
    for (let device = 1; device <= 5; device += 1)
      expect(limiter.attempt(`reader-${device}`, '10.0.0.9')).not.toBeNull();
    expect(limiter.attempt('reader-6', '10.0.0.9')).toBeNull();
    expect(limiter.attempt('reader-6', '10.0.0.10')).not.toBeNull();
  });

  it('gives a successful attempt back: a device that reconnects all day is never held up', () => {
    const limiter = createDeviceLoginLimiter(limits, () => 0);
    for (let attempt = 0; attempt < 100; attempt += 1) limiter.attempt('reader-1', '10.0.0.1')!.succeeded();
    expect(limiter.attempt('reader-1', '10.0.0.1')).not.toBeNull();
  });

  it('counts attempts in progress, so a burst at once cannot pass the limit before they fail', () => {
    const limiter = createDeviceLoginLimiter(limits, () => 0);
    const taken = Array.from({ length: 10 }, () => limiter.attempt('reader-1', '10.0.0.1'));
    expect(taken.filter(Boolean)).toHaveLength(3);
  });

  it('lets a device in from its last good address while others spend its allowance elsewhere', () => {
    const limiter = createDeviceLoginLimiter(limits, () => 0);
    limiter.attempt('reader-1', '10.0.0.1')!.succeeded();
    for (let attempt = 0; attempt < 3; attempt += 1) limiter.attempt('reader-1', '10.0.0.66');
    expect(limiter.attempt('reader-1', '10.0.0.67')).toBeNull();
    expect(limiter.attempt('reader-1', '10.0.0.1')).not.toBeNull();
  });

  it('keeps at most maxKeys counters, refusing new keys while all are current', () => {
    let now = 0;
    const limiter = createDeviceLoginLimiter(limits, () => now);
    for (let address = 0; address < 4; address += 1)
      expect(limiter.attempt(`reader-${address}`, `10.0.1.${address}`)).not.toBeNull();
    expect(limiter.attempt('reader-9', '10.0.1.99')).toBeNull();
    now += limits.windowMs;
    expect(limiter.attempt('reader-9', '10.0.1.99')).not.toBeNull();
  });
});
