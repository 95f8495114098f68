import { atom } from 'jotai';
import type { GateReader } from '@openyard/contracts';

// The reader form while open: `reader` null adds a new reader, `gateId` preselects its gate.
export const readerEditorState = atom<{ reader: GateReader | null; gateId?: number } | null>(null);
readerEditorState.debugLabel = 'readerEditorState';
