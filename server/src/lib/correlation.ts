import { AsyncLocalStorage } from 'node:async_hooks';

// The correlation id of the work in hand: an HTTP request's id (x-request-id, taken from the client
// or the proxy when it is a sane one, else made here), a device message's `<device>/<messageId>`,
// or the id a job was queued with. Code reached from there (services, the outbox, jobs queued on the
// way) reads it from here; the queue carries it into the job, the outbox into the event's metadata.
const storage = new AsyncLocalStorage<string>();

export const currentCorrelationId = (): string | undefined => storage.getStore();

export function withCorrelationId<T>(id: string | undefined, work: () => T): T {
  return id === undefined ? storage.exit(work) : storage.run(id, work);
}

// What a client may hand us as its id: short, printable, no spaces (it goes into logs and headers).
const SANE_ID = /^[A-Za-z0-9._:/@-]{1,128}$/;
export const saneCorrelationId = (value: unknown): string | undefined =>
  typeof value === 'string' && SANE_ID.test(value) ? value : undefined;

// A device message's correlation id: the device's login and its own message id.
export const deviceCorrelationId = (deviceId: string, messageId: string | null | undefined): string | undefined =>
  messageId ? saneCorrelationId(`${deviceId}/${messageId}`.slice(0, 128)) : undefined;
