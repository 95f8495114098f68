import { atom } from 'jotai';
import type { Gate } from '@openyard/contracts';

// The gate form while open: `gate` null adds a new gate.
export const gateEditorState = atom<{ gate: Gate | null } | null>(null);
gateEditorState.debugLabel = 'gateEditorState';
