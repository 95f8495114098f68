import type { LiveMessage } from '@openyard/contracts';

// The payload of a health transition published by the server's ageing job.
export type GateHealthUpdate = Extract<LiveMessage, { type: 'gate.health.v1' }>['data'];
