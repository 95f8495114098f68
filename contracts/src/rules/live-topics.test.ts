import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  LIVE_MESSAGE_META,
  LIVE_TOPICS,
  liveCoalesceKey,
  liveMirrorOf,
  liveTopics,
  type LiveMessage,
  type LiveMessageType,
  type LiveTopicMessage,
} from '../live';
import { isFramePath } from '../ocr';
import { liveMessagePermission, liveTopicPermission, mayWatchTopic, parseLiveTopic } from './live-topics';
import { defaultPermissions, systemRoleOf } from './permissions';

// The seeded role of this name (a name that is none of them: a role an admin created).
const system = (name: string) => systemRoleOf({ name, adminCreated: false });

const as = (role: string) => ({
  role,
  systemRole: system(role),
  landingPage: '/gate',
  permissions: defaultPermissions(system(role)),
});

describe('the OCR queue topic', () => {
  it('is for the users of the gate screens, one gate per topic', () => {
    expect(mayWatchTopic(as('gatein'), 'ocr:3')).toBe(true);
    expect(mayWatchTopic(as('gateout'), 'ocr:12')).toBe(true);
    expect(mayWatchTopic(as('operator'), 'ocr:3')).toBe(false);
    for (const topic of ['ocr', 'ocr:', 'ocr:0', 'ocr:abc', 'ocr:3:4', 'ocr:-1'])
      expect(mayWatchTopic(as('superadmin'), topic), topic).toBe(false);
  });
});

describe('the gate passes topic', () => {
  it('is for the users of the gate screens, without a parameter', () => {
    expect(liveTopicPermission('gate-passes')).toBe('gateVisible');
    expect(liveMessagePermission('gatePasses.changed.v1')).toBe('gateVisible');
    expect(mayWatchTopic(as('gateout'), liveTopics.gatePasses)).toBe(true);
    expect(mayWatchTopic(as('operator'), liveTopics.gatePasses)).toBe(false);
    expect(mayWatchTopic(as('superadmin'), 'gate-passes:1')).toBe(false);
    expectTypeOf<LiveTopicMessage<'gate-passes'>['type']>().toEqualTypeOf<'gatePasses.changed.v1'>();
  });
});

describe('the yard locations topic', () => {
  it('is every signed-in user’s (the yard zones and task places are master data), never a kiosk’s', () => {
    expect(liveTopicPermission('yard-locations')).toBeNull();
    for (const role of ['gatein', 'gateout', 'operator', 'manager', 'admin'])
      expect(mayWatchTopic(as(role), liveTopics.yardLocations), role).toBe(true);
    expect(mayWatchTopic(as('kiosk'), liveTopics.yardLocations)).toBe(false);
  });
});

describe('the planning topic', () => {
  it('is for the users of the planning screen, and coalesces an engine run’s progress per run', () => {
    expect(liveTopicPermission('planning')).toBe('planningVisible');
    expect(mayWatchTopic(as('admin'), liveTopics.planning)).toBe(true);
    expect(mayWatchTopic(as('gatein'), liveTopics.planning)).toBe(false);
    const run = (jobId: string, progress: number): LiveMessage => ({
      type: 'planning.engine.v1',
      topic: 'planning',
      eventId: `${jobId}-${progress}`,
      at: 1,
      data: {
        jobId,
        status: 'running',
        progress,
        planId: null,
        placements: [],
        unplaced: [],
        error: null,
        startedAt: 1,
        finishedAt: null,
      },
    });
    expect(liveCoalesceKey(run('a', 0.1))).toBe(liveCoalesceKey(run('a', 0.5)));
    expect(liveCoalesceKey(run('a', 0.1))).not.toBe(liveCoalesceKey(run('b', 0.1)));
    expectTypeOf<LiveTopicMessage<'planning'>['type']>().toEqualTypeOf<'planning.changed.v1' | 'planning.engine.v1'>();
  });
});

describe('frame image paths', () => {
  it('admit stored frames only', () => {
    expect(isFramePath('frames/3/2026-11-22/Front-0123456789abcdef01234567.jpg')).toBe(true);
    for (const path of [
      'frames/../jwt-secret',
      'frames/3/2026-11-22/../../../jwt-secret',
      'frames/3/2026-11-22/a.jpg/../b.jpg',
      'frames/0/2026-11-22/a.jpg',
      'frames/3/2026-11-22/a.png',
      '/frames/3/2026-11-22/a.jpg',
      'exports/3/2026-11-22/a.jpg',
    ])
      expect(isFramePath(path), path).toBe(false);
  });
});

describe('live topics', () => {
  it('are built by the builders and read back by the one parser', () => {
    expect(liveTopics.ocr(3)).toBe('ocr:3');
    expect(liveTopics.inventoryArea('C')).toBe('inventory:C');
    expect(parseLiveTopic(liveTopics.ocr(12))).toEqual({ base: 'ocr', parameter: '12' });
    expect(parseLiveTopic(liveTopics.inventoryArea('C-2'))).toEqual({ base: 'inventory', parameter: 'C-2' });
    expect(parseLiveTopic(liveTopics.inventory)).toEqual({ base: 'inventory', parameter: null });
    expect(parseLiveTopic(liveTopics.cameras(4))).toEqual({ base: 'cameras', parameter: '4' });
    for (const base of LIVE_TOPICS.filter((topic) => topic !== 'ocr' && topic !== 'cameras'))
      expect(parseLiveTopic(base)).toEqual({ base, parameter: null });
    // Topics that take no parameter take none; unknown bases and empty parameters are no topics.
    for (const topic of [
      'gates:1',
      'containers:A',
      'inventory:',
      'yard',
      '',
      'constructor',
      'ocr',
      'cameras',
      'cameras:x',
    ])
      expect(parseLiveTopic(topic), topic).toBeNull();
  });

  it('give each message a permission, the one of the topic it is published on', () => {
    expect(liveMessagePermission('gate.tag.v1')).toBe('gateVisible');
    expect(liveMessagePermission('ocr.record.v1')).toBe('gateVisible');
    expect(liveMessagePermission('inventory.slot.v1')).toBe('inventoryVisible');
    expect(liveTopicPermission('containers')).toBe('containersVisible');
    for (const type of Object.keys(LIVE_MESSAGE_META) as LiveMessageType[])
      expect(liveMessagePermission(type)).toBe(liveTopicPermission(LIVE_MESSAGE_META[type].topic));
  });

  const position = (machineId: number, topic = 'machines'): LiveMessage => ({
    type: 'machine.position.v1',
    topic,
    eventId: `e${machineId}`,
    at: 1,
    data: {
      machineId,
      position: { latitude: 1, longitude: 2 },
      yardZone: null,
      machineStatus: 'Working',
      status: 'green',
      lastDataReceived: 1,
    },
  });
  const layout = (topic: string): LiveMessage => ({
    type: 'inventory.layout.v1',
    topic,
    eventId: 'l',
    at: 1,
    data: { reason: 'rules', area: null },
  });

  it('coalesce position streams per object, and nothing else', () => {
    expect(liveCoalesceKey(position(7))).toBe(liveCoalesceKey({ ...position(7), eventId: 'other' }));
    expect(liveCoalesceKey(position(7))).not.toBe(liveCoalesceKey(position(8)));
    expect(liveCoalesceKey(layout('inventory'))).toBeNull();
  });

  it('mirror the yard topic to the containers screen, not the area topics', () => {
    expect(liveMirrorOf(layout('inventory'))).toBe('containers');
    expect(liveMirrorOf(layout('inventory:C'))).toBeNull();
    expect(liveMirrorOf(position(1))).toBeNull();
  });

  it('narrow a topic to its own messages', () => {
    expectTypeOf<LiveTopicMessage<'ocr:3'>['type']>().toEqualTypeOf<
      'ocr.record.v1' | 'ocr.count.v1' | 'ocr.resolved.v1'
    >();
    expectTypeOf<LiveTopicMessage<'containers'>['type']>().toEqualTypeOf<'inventory.slot.v1' | 'inventory.layout.v1'>();
    expectTypeOf<LiveTopicMessage<'inventory:C'>['type']>().toEqualTypeOf<
      'inventory.slot.v1' | 'inventory.layout.v1'
    >();
    expectTypeOf<LiveTopicMessage<'device-logs'>['type']>().toEqualTypeOf<'deviceLog.entry.v1'>();
    expectTypeOf<LiveTopicMessage<'machines'>['type']>().toEqualTypeOf<
      'machine.position.v1' | 'machine.status.v1' | 'machine.changed.v1'
    >();
  });
});
