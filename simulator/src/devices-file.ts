import { readFile } from 'node:fs/promises';
import { CAMERAS, type Camera } from '@openyard/contracts';

// The devices file the server writes in demo mode (DATA_DIR/demo-devices.json): every virtual
// device with its own MQTT credentials.
export interface Credentials {
  username: string;
  password: string;
}
export interface ReaderDevice extends Credentials {
  id: number;
  // A reader not (yet) assigned to a gate has none.
  gateId: number | null;
  // A silent reader never sends, so the screens show it going Idle, then NOK.
  silent?: boolean;
}
export interface CameraDevice extends Credentials {
  gateId: number;
  cameras: Camera[];
}
export interface MachineDevice extends Credentials {
  id: number;
}
export interface ItvDevice extends Credentials {
  id: number;
}
export interface DevicesFile {
  readers: ReaderDevice[];
  cameras: CameraDevice[];
  machines: MachineDevice[];
  itvs: ItvDevice[];
}

export async function readDevicesFile(path: string): Promise<DevicesFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `No devices file at ${path} (the server writes it when started in demo mode)`
        : `Cannot read ${path}: ${String(error)}`,
    );
  }
  try {
    return parseDevicesFile(JSON.parse(text));
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// Checked by hand rather than by schema: this shape is the simulator's own input, not a contract.
export function parseDevicesFile(input: unknown): DevicesFile {
  const root = record(input, 'the file');
  return {
    readers: list(root.readers, 'readers').map((item, index) => {
      const where = `readers[${index}]`;
      const value = record(item, where);
      if (value.silent !== undefined && typeof value.silent !== 'boolean')
        throw new Error(`${where}.silent must be true or false`);
      return {
        id: id(value.id, `${where}.id`),
        gateId: value.gateId === null ? null : id(value.gateId, `${where}.gateId`),
        ...credentials(value, where),
        ...(value.silent === true ? { silent: true } : {}),
      };
    }),
    cameras: list(root.cameras, 'cameras').map((item, index) => {
      const where = `cameras[${index}]`;
      const value = record(item, where);
      const cameras = list(value.cameras, `${where}.cameras`).map((camera) => {
        if (!(CAMERAS as readonly unknown[]).includes(camera))
          throw new Error(`${where}.cameras: "${String(camera)}" is not one of ${CAMERAS.join(', ')}`);
        return camera as Camera;
      });
      return { gateId: id(value.gateId, `${where}.gateId`), cameras, ...credentials(value, where) };
    }),
    machines: list(root.machines, 'machines').map((item, index) => {
      const value = record(item, `machines[${index}]`);
      return { id: id(value.id, `machines[${index}].id`), ...credentials(value, `machines[${index}]`) };
    }),
    itvs: list(root.itvs, 'itvs').map((item, index) => {
      const value = record(item, `itvs[${index}]`);
      return { id: id(value.id, `itvs[${index}].id`), ...credentials(value, `itvs[${index}]`) };
    }),
  };
}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${where} must be an object`);
  return value as Record<string, unknown>;
}

// A missing list is an empty one: a yard without ITVs simply has none.
function list(value: unknown, where: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${where} must be a list`);
  return value as unknown[];
}

function id(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw new Error(`${where} must be a positive integer`);
  return value;
}

function credentials(value: Record<string, unknown>, where: string): Credentials {
  for (const key of ['username', 'password'] as const) {
    if (typeof value[key] !== 'string' || value[key] === '')
      throw new Error(`${where}.${key} must be a non-empty string`);
  }
  return { username: value.username as string, password: value.password as string };
}
