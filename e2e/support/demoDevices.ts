import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DemoReader {
  id: number;
  gateId: number;
  username: string;
  password: string;
}

// The MQTT logins of the demo yard's devices, which the server writes to DATA_DIR in demo mode.
export async function demoReaders(dataDir: string): Promise<DemoReader[]> {
  const text = await readFile(join(dataDir, 'demo-devices.json'), 'utf8');
  const file = JSON.parse(text) as { readers?: DemoReader[] };
  if (!Array.isArray(file.readers) || file.readers.length === 0) {
    throw new Error('demo-devices.json lists no readers');
  }
  return file.readers;
}
