import {
  topics,
  type MachineEventPayload,
  type MachineTasksMessage,
  type MachineTelemetryPayload,
} from '@openyard/contracts';
import type { DeviceConnection } from '../connection';
import type { MachineDevice } from '../devices-file';
import type { Job, MachineWork } from '../machine-work';
import { between } from '../pacing';
import { headingDegrees, moveTowards, randomPointIn, roundCoordinate, type GeoPoint, type YardArea } from '../yard';
import { repeat, type DeviceEnvironment } from './environment';

// A reach stacker drives at 8-20 km/h and breaks down about every 20 minutes of demo time
// (often enough to see one go red), for half a minute to three minutes.
const MEAN_MS_BETWEEN_BREAKDOWNS = 20 * 60_000;

// How many tasks a queue snapshot holds (0 for one that does not read as a snapshot).
export function queuedTasks(payload: Buffer): number {
  try {
    const snapshot = JSON.parse(payload.toString('utf8')) as Partial<MachineTasksMessage>;
    return Array.isArray(snapshot.tasks) ? snapshot.tasks.length : 0;
  } catch {
    return 0;
  }
}

// A yard machine. With work to do (MachineWork: the server's tasks) it drives to the container,
// picks it (`pick`), drives to the target slot and drops it there (`drop` with the slot's height),
// the spreader taking a while at each end; between tasks it roams its home area and asks for its
// queue now and then. It sends no pick or drop of its own invention: the yard model would rightly
// call those exceptions.
export class SimulatedMachine {
  private position: GeoPoint;
  private target: GeoPoint;
  private heading = 0;
  private speedKmh: number;
  private area: YardArea;
  private job: Job | null = null;
  private picked = false;
  private nextLookAt = 0;
  private busyUntil = 0;
  private brokenUntil = 0;
  private lastMoveMs = Date.now();

  constructor(
    private readonly connection: DeviceConnection,
    readonly device: MachineDevice,
    private readonly environment: DeviceEnvironment,
    index: number,
    private readonly work: MachineWork | null = null,
  ) {
    const { yard, random } = environment;
    this.area = yard.areas[index % yard.areas.length]!;
    this.position = randomPointIn(this.area, random);
    this.target = randomPointIn(this.area, random);
    this.speedKmh = between(8, 20, random);
  }

  run(): Promise<void> {
    const { random, activity } = this.environment;
    // The queue the server publishes for this machine (retained, again on every change): a snapshot
    // with tasks in it makes an idle machine look at once; the REST look stays as a slow fallback.
    if (this.work)
      void this.connection
        .watch(topics.machineTasks(this.device.id), (payload) => {
          if (queuedTasks(payload) > 0) this.nextLookAt = 0;
        })
        .catch(() => undefined);
    return repeat(this.connection.username, this.environment, between(0, 1500, random), async () => {
      await this.tick();
      return between(1000, 2000, random) / activity;
    });
  }

  private async tick(): Promise<void> {
    const { random } = this.environment;
    const now = Date.now();
    const elapsedMs = now - this.lastMoveMs;
    this.lastMoveMs = now;
    if (now >= this.brokenUntil && random() < 1 - Math.exp(-elapsedMs / MEAN_MS_BETWEEN_BREAKDOWNS)) {
      this.brokenUntil = now + between(30_000, 180_000, random);
    }
    const broken = now < this.brokenUntil;
    let moving = false;
    if (!broken && now >= this.busyUntil) {
      if (!this.job && this.work && now >= this.nextLookAt) await this.lookForWork(now);
      const step = moveTowards(this.position, this.target, ((this.speedKmh / 3.6) * elapsedMs) / 1000);
      if (step.point !== this.position) this.heading = headingDegrees(this.position, step.point);
      this.position = step.point;
      moving = !step.arrived;
      if (step.arrived) await this.arrived(now);
    }
    const payload: MachineTelemetryPayload = {
      messageId: this.connection.nextMessageId(),
      timestamp: now,
      latitude: roundCoordinate(this.position.latitude),
      longitude: roundCoordinate(this.position.longitude),
      heading: Math.round(this.heading * 10) / 10,
      speed: moving ? Math.round(this.speedKmh * 10) / 10 : 0,
      status: broken ? 'Break-Down' : 'Working',
    };
    await this.connection.publish('machineTelemetry', topics.machineTelemetry(this.device.id), payload, 0);
  }

  private async lookForWork(now: number): Promise<void> {
    this.nextLookAt = now + this.work!.nextLookIn();
    this.job = await this.work!.take(this.device.id);
    this.picked = false;
    if (this.job) this.target = this.job.from;
  }

  private async arrived(now: number): Promise<void> {
    const { random, yard } = this.environment;
    const job = this.job;
    if (!job) {
      // Roaming: mostly within the home area; now and then another block.
      if (random() < 0.2) this.area = yard.areas[Math.floor(random() * yard.areas.length)]!;
      this.target = randomPointIn(this.area, random);
      return;
    }
    this.busyUntil = now + between(5_000, 15_000, random);
    if (!this.picked) {
      await this.publishEvent('pick', job, now);
      this.picked = true;
      this.target = job.to.point;
      return;
    }
    if (job.to.kind === 'zone') await this.work!.complete(this.device.id, job.taskId);
    else await this.publishEvent('drop', job, now);
    this.job = null;
    this.nextLookAt = now;
    this.target = randomPointIn(this.area, random);
  }

  // At the machine's own position, which is where the job's point is once it has arrived there.
  private async publishEvent(kind: 'pick' | 'drop', job: Job, now: number): Promise<void> {
    const payload: MachineEventPayload = {
      messageId: this.connection.nextMessageId(),
      timestamp: now,
      kind,
      containerNumber: job.containerNumber,
      ...(kind === 'drop' && job.to.kind === 'slot' ? { height: job.to.height } : {}),
      latitude: roundCoordinate(this.position.latitude),
      longitude: roundCoordinate(this.position.longitude),
    };
    await this.connection.publish('machineEvent', topics.machineEvent(this.device.id), payload, 1);
  }
}
