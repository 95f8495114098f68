import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type GateSaved } from '@openyard/contracts';
import { createMemoryQueue } from '../../adapters/queue';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEVICE_LOGIN_LIMITS } from './device-login-limiter';
import { jpegHeader } from '../../test/jpeg';

// Device logins cost an argon2 check each: the camera frame upload (HTTP Basic) is limited per
// address and per device, without locking the real camera out.
let t: TestApp;
const ocrQueue = createMemoryQueue({ logger: pino({ level: 'silent' }) });

beforeAll(async () => {
  t = await createTestApp({ ocrQueue });
});
afterAll(() => t.close());

async function newGate() {
  const superadmin = await t.login('superadmin');
  const saved = await t.app.inject({
    method: 'POST',
    url: '/rest/enterprise/gate',
    headers: superadmin.auth,
    payload: {
      name: `Login gate ${Date.now()}`,
      type: 'IN',
      positionLat: 18.95,
      positionLong: 72.95,
      camConfig: [{ id: 'Front', name: 'Front cam' }],
    },
  });
  const body = saved.json<GateSaved>();
  return { id: body.gate.id, password: body.credentials!.mqttPassword };
}

const jpeg = jpegHeader(640, 480);
const upload = (gateId: number, password: string, remoteAddress: string, messageId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/enterprise/gate/${gateId}/camera/Front/frame?messageId=${messageId}`,
    remoteAddress,
    headers: {
      authorization: `Basic ${Buffer.from(`camera-${gateId}:${password}`).toString('base64')}`,
      'content-type': 'image/jpeg',
    },
    payload: jpeg,
  });

describe('device logins over HTTP', () => {
  it("answers 429 after a device's failed logins, and still lets the camera in from its own address", async () => {
    const gate = await newGate();
    expect((await upload(gate.id, gate.password, '10.1.0.1', 'login-1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < DEVICE_LOGIN_LIMITS.perDevice; attempt += 1)
      expect((await upload(gate.id, `wrong-${attempt}`, '10.1.0.66', `bad-${attempt}`)).statusCode).toBe(401);
    const held = await upload(gate.id, 'wrong-again', '10.1.0.67', 'bad-x');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ message: messages.deviceLoginRateLimited });
    expect((await upload(gate.id, gate.password, '10.1.0.1', 'login-2')).statusCode).toBe(200);
  });

  it('answers 429 to an address after its failed logins, whatever devices it names', async () => {
    const gates = [await newGate(), await newGate(), await newGate(), await newGate()];
    let attempts = 0;
    for (; attempts < DEVICE_LOGIN_LIMITS.perAddress; attempts += 1) {
      const gate = gates[attempts % gates.length]!;
      expect((await upload(gate.id, 'wrong', '10.2.0.9', `guess-${attempts}`)).statusCode).toBe(401);
    }
    expect((await upload(gates[0]!.id, gates[0]!.password, '10.2.0.9', 'after')).statusCode).toBe(429);
    expect((await upload(gates[0]!.id, gates[0]!.password, '10.2.0.10', 'elsewhere')).statusCode).toBe(200);
  });
});
