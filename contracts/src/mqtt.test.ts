import { describe, expect, it } from 'vitest';
import {
  CAMERAS,
  DEVICE_TOPICS,
  DEVICE_TOPICS_FILTER,
  deviceAckTopic,
  deviceInboxTopics,
  deviceTopicPrefix,
  ingestSubscription,
  mosquittoAcl,
  parseInboxTopic,
  parseTopic,
  topics,
  type IngestTopicKind,
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
    expect(topics.machineTasks(7)).toBe('openyard/machines/7/tasks');
    expect(DEVICE_TOPICS_FILTER).toBe('yard/#');
    expect(ingestSubscription('yard-a')).toBe('$share/yard-a/yard/#');
  });

  it('matches every topic it builds back to its kind and device, under the device prefix', () => {
    const ingested = (Object.keys(DEVICE_TOPICS) as (keyof typeof DEVICE_TOPICS)[]).filter(
      (kind): kind is IngestTopicKind => !('toDevice' in DEVICE_TOPICS[kind]),
    );
    for (const kind of ingested) {
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

  it('keeps the topics the server publishes for a device out of ingest and out of every publish prefix', () => {
    const tasks = topics.machineTasks(7);
    expect(parseTopic(tasks)).toBeNull();
    expect(parseInboxTopic(tasks)).toEqual({ kind: 'machineTasks', deviceKind: 'machine', deviceId: 7 });
    expect(tasks.startsWith(DEVICE_TOPICS_FILTER.replace('#', ''))).toBe(false);
    expect(tasks.startsWith(deviceTopicPrefix('machine', 7))).toBe(false);
    expect(parseInboxTopic(topics.machineEvent(7))).toBeNull();
    for (const topic of [
      'openyard/machines/07/tasks',
      'openyard/machines/+/tasks',
      'openyard/#',
      'openyard/itvs/7/tasks',
    ])
      expect(parseInboxTopic(topic), topic).toBeNull();
    expect(deviceInboxTopics('machine', 7)).toEqual(['openyard/machines/7/tasks', 'openyard/machines/7/ack']);
    expect(deviceInboxTopics('reader', 7)).toEqual(['openyard/readers/7/ack']);
    expect(deviceAckTopic('camera', 3)).toBe('openyard/cameras/3/ack');
    expect(parseInboxTopic(deviceAckTopic('itv', 2))).toEqual({ kind: 'itvAck', deviceKind: 'itv', deviceId: 2 });
    expect(parseTopic(deviceAckTopic('reader', 7))).toBeNull();
  });

  it('writes the Mosquitto ACL: the service reads the device topics and writes the inboxes, each device only its own', () => {
    const acl = mosquittoAcl('openyard-service', [
      { kind: 'reader', id: 12 },
      { kind: 'camera', id: 3 },
      { kind: 'machine', id: 7 },
      { kind: 'itv', id: 2 },
    ]);
    expect(acl).toBe(
      [
        'user openyard-service',
        'topic read yard/#',
        'topic write openyard/machines/+/tasks',
        'topic write openyard/readers/+/ack',
        'topic write openyard/cameras/+/ack',
        'topic write openyard/machines/+/ack',
        'topic write openyard/itvs/+/ack',
        '',
        'user reader-12',
        'topic write yard/readers/12/tag',
        'topic write yard/readers/12/status',
        'topic read openyard/readers/12/ack',
        '',
        'user camera-3',
        'topic write yard/cameras/3/+/frame',
        'topic read openyard/cameras/3/ack',
        '',
        'user machine-7',
        'topic write yard/machines/7/telemetry',
        'topic write yard/machines/7/event',
        'topic read openyard/machines/7/tasks',
        'topic read openyard/machines/7/ack',
        '',
        'user itv-2',
        'topic write yard/itvs/2/position',
        'topic read openyard/itvs/2/ack',
        '',
      ].join('\n'),
    );
  });
});
