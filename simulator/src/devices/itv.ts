import { topics, type ItvPositionPayload } from '@openyard/contracts';
import type { DeviceConnection } from '../connection';
import type { ItvDevice } from '../devices-file';
import { between } from '../pacing';
import { moveTowards, randomPointIn, roundCoordinate, type GeoPoint } from '../yard';
import { repeat, type DeviceEnvironment } from './environment';

// An internal transfer vehicle shuttling between a gate and the stacks at 15-30 km/h.
export class SimulatedItv {
  private position: GeoPoint;
  private target: GeoPoint;
  private towardsGate = false;
  private speedKmh: number;
  private waitUntil = 0;
  private lastMoveMs = Date.now();

  constructor(
    private readonly connection: DeviceConnection,
    readonly device: ItvDevice,
    private readonly environment: DeviceEnvironment,
    private readonly gateIds: number[],
  ) {
    this.position = this.nextGate();
    this.target = this.nextArea();
    this.speedKmh = between(15, 30, environment.random);
  }

  run(): Promise<void> {
    const { random, activity } = this.environment;
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
    let moving = false;
    if (now >= this.waitUntil) {
      const step = moveTowards(this.position, this.target, ((this.speedKmh / 3.6) * elapsedMs) / 1000);
      this.position = step.point;
      moving = !step.arrived;
      if (step.arrived) {
        // Loading or unloading at either end.
        this.waitUntil = now + between(10_000, 30_000, random);
        this.towardsGate = !this.towardsGate;
        this.target = this.towardsGate ? this.nextGate() : this.nextArea();
      }
    }
    const payload: ItvPositionPayload = {
      messageId: this.connection.nextMessageId(),
      timestamp: now,
      latitude: roundCoordinate(this.position.latitude),
      longitude: roundCoordinate(this.position.longitude),
      speed: moving ? Math.round(this.speedKmh * 10) / 10 : 0,
    };
    await this.connection.publish('itvPosition', topics.itvPosition(this.device.id), payload, 0);
  }

  private nextGate(): GeoPoint {
    const { yard, random } = this.environment;
    const gateId = this.gateIds.length > 0 ? this.gateIds[Math.floor(random() * this.gateIds.length)]! : 0;
    return yard.gate(gateId);
  }

  private nextArea(): GeoPoint {
    const { yard, random } = this.environment;
    return randomPointIn(yard.areas[Math.floor(random() * yard.areas.length)]!, random);
  }
}
