import { topics, type MachineEventPayload, type MachineTelemetryPayload } from '@openyard/contracts';
import type { DeviceConnection } from '../connection';
import type { MachineDevice } from '../devices-file';
import { randomContainerNumber } from '../frames';
import { between } from '../pacing';
import { headingDegrees, moveTowards, randomPointIn, roundCoordinate, type GeoPoint, type YardArea } from '../yard';
import { randomTagId, repeat, type DeviceEnvironment } from './environment';

// A reach stacker drives at 8-20 km/h and breaks down about every 20 minutes of demo time
// (often enough to see one go red), for half a minute to three minutes.
const MEAN_MS_BETWEEN_BREAKDOWNS = 20 * 60_000;

interface Load {
  containerNumber: string;
  tagId?: string;
}

// A yard machine working its home area: drive to a stack, pick, drive to another, drop.
export class SimulatedMachine {
  private position: GeoPoint;
  private target: GeoPoint;
  private heading = 0;
  private speedKmh: number;
  private area: YardArea;
  private load: Load | null = null;
  private busyUntil = 0;
  private brokenUntil = 0;
  private lastMoveMs = Date.now();

  constructor(
    private readonly connection: DeviceConnection,
    readonly device: MachineDevice,
    private readonly environment: DeviceEnvironment,
    index: number,
  ) {
    const { yard, random } = environment;
    this.area = yard.areas[index % yard.areas.length]!;
    this.position = randomPointIn(this.area, random);
    this.target = randomPointIn(this.area, random);
    this.speedKmh = between(8, 20, random);
  }

  run(): Promise<void> {
    const { random, activity } = this.environment;
    return repeat(this.connection.username, this.environment, between(0, 1500, random), async () => {
      await this.tick();
      return between(1000, 2000, random) / activity;
    });
  }

  private async tick(): Promise<void> {
    const { random, yard } = this.environment;
    const now = Date.now();
    const elapsedMs = now - this.lastMoveMs;
    this.lastMoveMs = now;
    if (now >= this.brokenUntil && random() < 1 - Math.exp(-elapsedMs / MEAN_MS_BETWEEN_BREAKDOWNS)) {
      this.brokenUntil = now + between(30_000, 180_000, random);
    }
    const broken = now < this.brokenUntil;
    let moving = false;
    if (!broken && now >= this.busyUntil) {
      const step = moveTowards(this.position, this.target, ((this.speedKmh / 3.6) * elapsedMs) / 1000);
      if (step.point !== this.position) this.heading = headingDegrees(this.position, step.point);
      this.position = step.point;
      moving = !step.arrived;
      if (step.arrived) {
        await this.handle(now);
        // Mostly within the home area; now and then a job in another block.
        if (random() < 0.2) this.area = yard.areas[Math.floor(random() * yard.areas.length)]!;
        this.target = randomPointIn(this.area, random);
      }
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

  // Arrived at a stack: pick a box when empty, drop it when loaded; the spreader takes a while.
  private async handle(now: number): Promise<void> {
    const { random } = this.environment;
    this.busyUntil = now + between(5_000, 15_000, random);
    const kind = this.load ? 'drop' : 'pick';
    const load: Load = this.load ?? {
      containerNumber: randomContainerNumber(random),
      ...(random() < 0.5 ? { tagId: randomTagId(random) } : {}),
    };
    this.load = kind === 'pick' ? load : null;
    const payload: MachineEventPayload = {
      messageId: this.connection.nextMessageId(),
      timestamp: now,
      kind,
      containerNumber: load.containerNumber,
      ...(load.tagId ? { tagId: load.tagId } : {}),
      height: 1 + Math.floor(random() * this.area.maxHeight),
      latitude: roundCoordinate(this.position.latitude),
      longitude: roundCoordinate(this.position.longitude),
    };
    await this.connection.publish('machineEvent', topics.machineEvent(this.device.id), payload, 1);
  }
}
