import {
  ApiCallError,
  createClient,
  createFetchTransport,
  parseSlotName,
  routes,
  SLOT_LOCATION,
  slotGeoPosition,
  TRAILER_LOCATION,
  type Task,
  type YardLayout,
} from '@openyard/contracts';
import type { SimulatorLogger } from './connection';
import { between, type Random } from './pacing';
import type { GeoPoint } from './yard';

// The demo machines' work (issue 17): each simulated machine asks for its queue through the REST
// calls of the machine terminal (its own tasks and ALL's), takes the first one it can do (starting
// it claims a task for ALL), drives to the container, publishes `pick`, drives to the target slot
// and publishes `drop` with the slot's height, over its own MQTT login. The server's machine-event
// loop then completes the task and moves the container, as it would for a real machine. A target
// that is no slot of the yard (a zone) is completed the way a driver does it, on the terminal.

// Where a task takes the container, as the machine acts on it.
export type Destination =
  // A slot of the yard: dropped at its middle, at its height (the height name, as the yard writes it).
  | { kind: 'slot'; point: GeoPoint; height: number; location: string }
  // A truck's trailer at the gate: dropped there, no height (the box leaves its slot).
  | { kind: 'trailer'; point: GeoPoint }
  // A zone outside the block layout (Export Zone, LCL Shed): done on the terminal.
  | { kind: 'zone'; point: GeoPoint; name: string };

export interface Job {
  taskId: number;
  containerNumber: string;
  from: GeoPoint;
  to: Destination;
}

// The middle of a slot on the map and its height, from the yard's public layout; null for a name
// that is no slot with a numeric height of an area with corners. The same placement as the server's
// (slotGeoPosition), one slot wide: a 40 ft box is named by its first slot, and its middle would lie
// on the border of the next one.
export function slotTarget(layout: YardLayout, location: string): { point: GeoPoint; height: number } | null {
  const parts = parseSlotName(location, layout.slotFormat);
  if (!parts || parts.height === null || !/^\d+$/.test(parts.height)) return null;
  const area = layout.areaLayouts.find((candidate) => candidate.name === parts.area);
  if (!area?.corners) return null;
  const row = area.rowLayouts.find((candidate) => candidate.name === parts.row);
  const column = area.cellNames.find((candidate) => candidate.name === parts.column);
  if (!row || !column) return null;
  const grid = {
    rows: Math.max(0, ...area.rowLayouts.map((entry) => entry.index)),
    columns: Math.max(0, ...area.cellNames.map((entry) => entry.index)),
  };
  const point = slotGeoPosition(area.corners, grid, { row: row.index, column: column.index, span: 1 });
  return { point, height: Number(parts.height) };
}

// What a machine does for a task: where it picks the box up (the slot the task names, else where
// the container stands now, else the gate's trailer lane) and where it takes it.
export function jobOf(
  task: Pick<Task, 'taskId' | 'containerNumber' | 'fromLocation' | 'toLocation' | 'toLocationDetails'>,
  layout: YardLayout,
  places: { containerAt: GeoPoint | null; gate: GeoPoint },
): Job | null {
  const to = task.toLocation?.trim() ?? '';
  // A machine's event names the container by its full 11-character number (the device contract).
  if (!to || task.containerNumber.length !== 11) return null;
  const from = (task.fromLocation && slotTarget(layout, task.fromLocation)?.point) || places.containerAt || places.gate;
  let destination: Destination;
  if (to === TRAILER_LOCATION) destination = { kind: 'trailer', point: places.gate };
  else {
    const slotName = to === SLOT_LOCATION ? (task.toLocationDetails?.trim() ?? '') : to;
    const slot = slotName ? slotTarget(layout, slotName) : null;
    if (slot) destination = { kind: 'slot', ...slot, location: slotName };
    else if (to === SLOT_LOCATION) return null;
    else destination = { kind: 'zone', point: places.gate, name: to };
  }
  return { taskId: task.taskId, containerNumber: task.containerNumber, from, to: destination };
}

type Client = ReturnType<typeof createClient<typeof routes>>;

export interface MachineWorkOptions {
  apiUrl: string;
  username: string;
  password: string;
  random: Random;
  signal: AbortSignal;
  logger: SimulatorLogger;
  // Where trucks stand at the gate (the simulator's yard map).
  gate: GeoPoint;
  // How often an idle machine asks for its queue, at most.
  pollMs?: [number, number];
}

// A task that could not be started (another machine took it first) is left alone this long.
const SKIP_MS = 60_000;
// A machine tries at most this many tasks of its queue per look.
const TRIES_PER_LOOK = 3;

// The REST side of the machines' work: one signed-in client for all the demo's machines, their
// names by device id, the yard layout for slot positions.
export class MachineWork {
  private token = '';
  private readonly api: Client;
  private ready: Promise<boolean> | null = null;
  private names = new Map<number, string>();
  private layout: YardLayout | null = null;
  private readonly skipped = new Map<number, number>();
  readonly pollMs: [number, number];

  constructor(private readonly options: MachineWorkOptions) {
    // The queue's MQTT snapshots wake a machine (SimulatedMachine): this look is the fallback.
    this.pollMs = options.pollMs ?? [45_000, 75_000];
    const baseUrl = options.apiUrl.replace(/\/+$/, '');
    this.api = createClient(
      routes,
      createFetchTransport({
        baseUrl,
        fetch: (target, init) =>
          fetch(target, { ...init, signal: AbortSignal.any([options.signal, AbortSignal.timeout(10_000)]) }),
        headers: (): Record<string, string> =>
          this.token ? { authorization: `Bearer ${this.token}`, pagepath: '/tasks' } : {},
      }),
    );
  }

  // Signs in and reads the machines and the layout once; a failure (the server not up yet) is
  // tried again at the next look.
  private prepare(): Promise<boolean> {
    this.ready ??= (async () => {
      try {
        const { token } = await this.api.auth.login({
          body: { username: this.options.username, password: this.options.password },
        });
        this.token = token;
        const [machines, layout] = await Promise.all([this.api.machines.list(), this.api.yard.layout()]);
        this.names = new Map(machines.map((machine) => [machine.id, machine.machineName]));
        this.layout = layout;
        return true;
      } catch (error) {
        this.options.logger.warn(`machine work: not ready yet (${messageOf(error)})`);
        this.ready = null;
        return false;
      }
    })();
    return this.ready;
  }

  nextLookIn(): number {
    return between(this.pollMs[0], this.pollMs[1], this.options.random);
  }

  // The next job of a machine, started (claimed) on the server, or null when it has none it can do.
  // A session that ended (401) signs in again at the next look.
  async take(machineId: number): Promise<Job | null> {
    try {
      return await this.takeSignedIn(machineId);
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 401) this.ready = null;
      throw error;
    }
  }

  private async takeSignedIn(machineId: number): Promise<Job | null> {
    if (!(await this.prepare())) return null;
    const machineName = this.names.get(machineId);
    if (!machineName || !this.layout) return null;
    const { tasks } = await this.api.tasks.machineQueue({ params: { machineName } });
    const now = Date.now();
    let tries = 0;
    for (const task of tasks) {
      if ((this.skipped.get(task.taskId) ?? 0) > now) continue;
      if (tries >= TRIES_PER_LOOK) break;
      const containerAt =
        task.fromLocation && slotTarget(this.layout, task.fromLocation) ? null : await this.whereIs(task);
      const job = jobOf(task, this.layout, { containerAt, gate: this.options.gate });
      if (!job) {
        this.skipped.set(task.taskId, now + SKIP_MS);
        continue;
      }
      // Its own task in hand (a restarted simulator) goes on; anything else is claimed first.
      if (task.startedAt !== null && task.startedByMachine === machineName && task.problem === null) return job;
      tries += 1;
      try {
        await this.api.tasks.startMachineTask({ params: { machineName, id: task.taskId } });
        return job;
      } catch (error) {
        if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
        this.skipped.set(task.taskId, now + SKIP_MS);
      }
    }
    return null;
  }

  // A task done on the terminal (its target is no slot): as a driver presses Done.
  async complete(machineId: number, taskId: number): Promise<void> {
    const machineName = this.names.get(machineId);
    if (!machineName) return;
    try {
      await this.api.tasks.completeMachineTask({ params: { machineName, id: taskId } });
    } catch (error) {
      // Done or deleted meanwhile: nothing left to do.
      if (!(error instanceof ApiCallError) || error.status >= 500) throw error;
    }
  }

  private async whereIs(task: Pick<Task, 'containerNumber'>): Promise<GeoPoint | null> {
    try {
      const place = await this.api.inventory.location({ params: { n: task.containerNumber } });
      return place.latitude !== null && place.longitude !== null
        ? { latitude: place.latitude, longitude: place.longitude }
        : null;
    } catch {
      // Not in the yard (a box on a truck): it is picked at the gate.
      return null;
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
