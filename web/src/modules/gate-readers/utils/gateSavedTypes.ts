import type { GateReaderSaved, GateSaved } from '@openyard/contracts';

export type GateSavedReply = GateSaved;
export type GateReaderSavedReply = GateReaderSaved;
