import { topics, type ReaderStatusPayload, type TagReadPayload } from '@openyard/contracts';
import type { DeviceConnection } from '../connection';
import type { ReaderDevice } from '../devices-file';
import { between } from '../pacing';
import { randomTagId, repeat, type DeviceEnvironment } from './environment';

// Mean seconds between trucks passing a reader on its own (camera visits add more).
const MEAN_SECONDS_BETWEEN_TRUCKS = 10;

// An RFID gate reader: a heartbeat every 10-20 s and tag reads as trucks pass.
export class SimulatedReader {
  constructor(
    private readonly connection: DeviceConnection,
    readonly device: ReaderDevice,
    private readonly environment: DeviceEnvironment,
  ) {}

  run(): Promise<void> {
    const { random, activity } = this.environment;
    const heartbeats = repeat(this.connection.username, this.environment, between(0, 2000, random), async () => {
      const payload: ReaderStatusPayload = {
        messageId: this.connection.nextMessageId(),
        timestamp: Date.now(),
        // Now and then the RF front end reports a fault, as real readers do.
        rfStatus: random() < 0.03 ? 'NOK' : 'OK',
      };
      await this.connection.publish('readerStatus', topics.readerStatus(this.device.id), payload, 0);
      return between(10_000, 20_000, random);
    });
    const meanMs = (MEAN_SECONDS_BETWEEN_TRUCKS * 1000) / activity;
    const trucks = repeat(this.connection.username, this.environment, exponential(meanMs, random), async () => {
      await this.truckPasses(randomTagId(random));
      return exponential(meanMs, random);
    });
    return Promise.all([heartbeats, trucks]).then(() => undefined);
  }

  // One to three reads of the truck's tag on the antennas it passes.
  async truckPasses(tagId: string): Promise<void> {
    const { random, signal } = this.environment;
    const reads = 1 + Math.floor(random() * 3);
    for (let read = 0; read < reads && !signal.aborted; read++) {
      const payload: TagReadPayload = {
        messageId: this.connection.nextMessageId(),
        timestamp: Date.now(),
        tagId,
        antenna: 1 + Math.floor(random() * 4),
        rssi: Math.round(between(-75, -40, random) * 10) / 10,
      };
      await this.connection.publish('readerTag', topics.readerTag(this.device.id), payload, 1);
    }
  }
}

function exponential(meanMs: number, random: () => number): number {
  return Math.min(-Math.log(1 - random()) * meanMs, meanMs * 6);
}
