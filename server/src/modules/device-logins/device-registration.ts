import type { DeviceKind } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { newDeviceSecret, UNUSABLE_SECRET_HASH } from './device-credentials';
import { devicesRepository } from './devices.repository';

// A device's MQTT login as it is shown once, on creation or renewal.
export interface DeviceCredentials {
  mqttUsername: string;
  mqttPassword: string;
}

// A new login for the device: a random password, its hash stored where the device's kind keeps it
// (in the caller's transaction). Null when there is no such device.
export async function renewDeviceCredentials(
  db: Database,
  kind: DeviceKind,
  id: number,
): Promise<DeviceCredentials | null> {
  const secret = await newDeviceSecret(kind, id);
  if (!(await devicesRepository.setSecretHash(db, kind, id, secret.hash))) return null;
  return { mqttUsername: secret.mqttUsername, mqttPassword: secret.mqttPassword };
}

// The credential steps of a new device, in the caller's transaction: `insert` adds its row with a
// hash nobody can match (the row's id makes the username), then the login is made and its hash
// stored. Answers the inserted row and the credentials to show once.
export async function registerDevice<Row extends { id: number }>(
  db: Database,
  kind: DeviceKind,
  insert: (unusableSecretHash: string) => Promise<Row>,
): Promise<{ row: Row; credentials: DeviceCredentials }> {
  const row = await insert(UNUSABLE_SECRET_HASH);
  const credentials = await renewDeviceCredentials(db, kind, row.id);
  if (!credentials) throw new Error(`The ${kind} ${row.id} just inserted is not there`);
  return { row, credentials };
}
