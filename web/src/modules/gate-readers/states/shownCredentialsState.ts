import { atom } from 'jotai';
import type { DeviceCredentials } from '@openyard/contracts';

// A device's MQTT login, returned once on creation or renewal, while its modal is open.
export interface ShownCredentials {
  title: string;
  credentials: DeviceCredentials;
}

export const shownCredentialsState = atom<ShownCredentials | null>(null);
shownCredentialsState.debugLabel = 'shownCredentialsState';
