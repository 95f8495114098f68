import { describe, expect, it } from 'vitest';
import {
  CAMERAS,
  DEVICE_TOPICS,
  DEVICE_TOPICS_FILTER,
  deviceTopicPrefix,
  ingestSubscription,
  parseTopic,
  topics,
  type DeviceTopicKind,
} from './mqtt';

// The MQTT topic table: builders, owned prefixes, the matcher and the subscriptions agree.
describe('MQTT topic table', () => {
  it('builds the topics of the device contract', () => {
    expect(topics.readerTag(12)).toBe('yard/readers/12/tag');
    expect(topics.readerStatus(12)).toBe('yard/readers/12/status');
    expect(topics.cameraFrame(3, 'Front')).toBe('yard/cameras/3/Front/frame');
    expect(topics.machineTelemetry(7)).toBe('yard/machines/7/telemetry');
    expect(topics.machineEvent(7)).toBe('yard/machines/7/event');
    expect(topics.itvPosition(2)).toBe('yard/itvs/2/position');
    expect(DEVICE_TOPICS_FILTER).toBe('yard/#');
    expect(ingestSubscription('yard-a')).toBe('$share/yard-a/yard/#');
  });

  it('matches every topic it builds back to its kind and device, under the device prefix', () => {
    for (const kind of Object.keys(DEVICE_TOPICS) as DeviceTopicKind[]) {
      const { device, camera } = DEVICE_TOPICS[kind];
      const topic = camera ? topics.cameraFrame(9, 'Side2') : (topics[kind] as (id: number) => string)(9);
      expect(parseTopic(topic)).toEqual({
        kind,
        deviceKind: device,
        deviceId: 9,
        ...(camera ? { camera: 'Side2' } : {}),
      });
      expect(topic.startsWith(deviceTopicPrefix(device, 9))).toBe(true);
      expect(topic.startsWith(deviceTopicPrefix(device, 90))).toBe(false);
    }
    for (const camera of CAMERAS) expect(parseTopic(topics.cameraFrame(1, camera))).toMatchObject({ camera });
  });

  it('matches nothing else', () => {
    for (const topic of [
      'yard/readers/0/tag',
      'yard/readers/01/tag',
      'yard/readers/12/tag/extra',
      'yard/readers/12/telemetry',
      'yard/machines/12/tag',
      'yard/cameras/3/Roof/frame',
      'yard/cameras/3/frame',
      'yard/readers/12345678901/tag',
      'other/readers/1/tag',
      'yard/trucks/1/position',
    ])
      expect(parseTopic(topic), topic).toBeNull();
  });
});
