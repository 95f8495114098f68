import { describe, expect, it } from 'vitest';
import type { DomainEvent, DomainEventOf, LiveMessage } from '@openyard/contracts';
import { dashboardWidgetsOf, projectEvent as projectAll, projectEvents as projectAllEvents } from './projection';

// The screens' messages of an event; the dashboard's (topic `dashboard`) are checked on their own below.
const screens = (messages: LiveMessage[]) => messages.filter((message) => message.topic !== 'dashboard');
const projectEvent = (event: Parameters<typeof projectAll>[0]) => screens(projectAll(event));
const projectEvents = (events: Parameters<typeof projectAllEvents>[0]) => screens(projectAllEvents(events));

const container = (area: string | null, location: string | null) => ({
  containerId: 9,
  number: 'MSCU1234565',
  igmNumber: null,
  itemNumber: null,
  size: 20,
  sizeName: '20',
  liner: null,
  linerColor: null,
  process: null,
  containerType: null,
  category: null,
  customer: null,
  cargoType: null,
  hazardous: false,
  addeddate: 1,
  lastMovedDate: 2,
  planned: false,
  dispatched: false,
  location,
  fullName: location,
  area,
  stackIndex: null,
  rowIndex: area ? 1 : null,
  columnIndex: area ? 2 : null,
  tier: area ? 1 : null,
});

const moved = (area: string | null, previousArea: string | null): DomainEventOf<'container.moved'> => ({
  type: 'container.moved',
  eventId: 'e-1',
  at: 1000,
  data: {
    container: container(area, area ? `${area}_1_2_1` : null),
    previousLocation: previousArea ? `${previousArea}_1_1_1` : null,
    previousArea,
    source: 'manual',
    movedBy: 'operator1',
    version: 42,
  },
});

describe('the projection of domain events to live messages', () => {
  it('puts a container move on the yard topic and the topics of the areas it left and entered', () => {
    const event = moved('C', 'A');
    const messages = projectEvent(event);
    expect(messages.map((message) => message.topic)).toEqual(['inventory', 'inventory:C', 'inventory:A']);
    for (const message of messages) {
      // The wire format: the event's id and time, the data as the service recorded it, in this key order.
      expect(Object.keys(message)).toEqual(['eventId', 'type', 'topic', 'at', 'data']);
      expect(message).toMatchObject({ type: 'inventory.slot.v1', eventId: 'e-1', at: 1000, data: event.data });
    }
    // Within one area, or out of the yard: one area topic, or none.
    expect(projectEvent(moved('C', 'C')).map((message) => message.topic)).toEqual(['inventory', 'inventory:C']);
    expect(projectEvent(moved(null, 'B')).map((message) => message.topic)).toEqual(['inventory', 'inventory:B']);
    expect(projectEvent(moved('D', null)).map((message) => message.topic)).toEqual(['inventory', 'inventory:D']);
  });

  it('puts a layout change on the yard topic and those of the areas it touched, naming the first', () => {
    const split: DomainEvent = {
      type: 'yard.layoutChanged',
      eventId: 'e-2',
      at: 5,
      data: { reason: 'split-area', areas: ['C', 'C2'] },
    };
    expect(projectEvent(split)).toEqual(
      ['inventory', 'inventory:C', 'inventory:C2'].map((topic) => ({
        eventId: 'e-2',
        type: 'inventory.layout.v1',
        topic,
        at: 5,
        data: { reason: 'split-area', area: 'C' },
      })),
    );
    const rules: DomainEvent = {
      type: 'yard.layoutChanged',
      eventId: 'e-3',
      at: 5,
      data: { reason: 'rules', areas: [] },
    };
    expect(projectEvent(rules)).toEqual([
      { eventId: 'e-3', type: 'inventory.layout.v1', topic: 'inventory', at: 5, data: { reason: 'rules', area: null } },
    ]);
  });

  it('puts OCR changes on their gate’s queue topic', () => {
    const count: DomainEvent = {
      type: 'ocr.pendingCountChanged',
      eventId: 'e-4',
      at: 7,
      data: { gateId: 3, pendingCount: 2 },
    };
    expect(projectEvent(count)).toEqual([
      { eventId: 'e-4', type: 'ocr.count.v1', topic: 'ocr:3', at: 7, data: { gateId: 3, pendingCount: 2 } },
    ]);
    const data = { gateId: 3, recordId: 9, kind: 'out' as const, ocrOutcome: 'candidate' as const, day: '2026-11-25' };
    expect(projectEvent({ type: 'ocr.recordResolved', eventId: 'e-5', at: 8, data })).toEqual([
      { eventId: 'e-5', type: 'ocr.resolved.v1', topic: 'ocr:3', at: 8, data },
    ]);
  });

  it('puts a stored camera frame on its gate’s cameras topic', () => {
    const data = { gateId: 3, camera: 'Front' as const, image: 'frames/3/2026-11-25/Front-a.jpg', capturedAt: 6 };
    const stored: DomainEvent = { type: 'camera.frameStored', eventId: 'e-5', at: 7, data };
    expect(projectEvent(stored)).toEqual([
      { eventId: 'e-5', type: 'camera.frame.v1', topic: 'cameras:3', at: 7, data },
    ]);
  });

  it('maps each device and gate fact to its message and topic', () => {
    const tag = { id: 1, readerId: 2, gateId: 3, tagId: 'T1', antenna: null, rssi: null, readAt: 4 };
    const entry = { id: 5, deviceId: 'reader-2', type: 'TAG_DATA', message: 'Tag T1 read', topic: 't', at: 6 };
    const events = [
      { type: 'gate.tagRead', eventId: 'a', at: 1, data: { tagRead: tag } },
      { type: 'gate.readerRemoved', eventId: 'b', at: 1, data: { readerId: 2 } },
      { type: 'gate.changed', eventId: 'c', at: 1, data: { gateId: 3 } },
      { type: 'device.logged', eventId: 'd', at: 1, data: { entry } },
      {
        type: 'machine.statusChanged',
        eventId: 'e',
        at: 1,
        data: { machineId: 1, machineStatus: 'Idle', status: 'orange' },
      },
    ] as DomainEvent[];
    expect(projectEvents(events).map(({ type, topic, eventId }) => [type, topic, eventId])).toEqual([
      ['gate.tag.v1', 'gates', 'a'],
      ['gate.readerRemoved.v1', 'gates', 'b'],
      ['gate.changed.v1', 'gates', 'c'],
      ['deviceLog.entry.v1', 'device-logs', 'd'],
      ['machine.status.v1', 'machines', 'e'],
    ]);
    const removed: DomainEvent = {
      type: 'trailer.changed',
      eventId: 'f',
      at: 1,
      data: { trailerId: 7, trailer: null },
    };
    expect(projectEvent(removed)).toEqual([
      { eventId: 'f', type: 'trailers.trailer.v1', topic: 'trailers', at: 1, data: { trailerId: 7, trailer: null } },
    ]);
  });

  it('puts shift and allocation changes on their topics', () => {
    const shift = { id: 2, name: 'Night', fromHour: 22, fromMinute: 0, toHour: 6, toMinute: 0 };
    const allocation = {
      id: 5,
      machine: 'RS-01',
      machineId: 1,
      area: 'A',
      areaId: 3,
      fromTime: 10,
      toTime: 20,
      version: 0,
    };
    const events = [
      { type: 'shift.changed', eventId: 'a', at: 1, data: { saved: [shift], deletedIds: [] } },
      { type: 'machineAllocation.changed', eventId: 'b', at: 2, data: { saved: [allocation], deletedIds: [4] } },
    ] as DomainEvent[];
    expect(projectEvents(events)).toEqual([
      { eventId: 'a', type: 'shifts.changed.v1', topic: 'shifts', at: 1, data: { saved: [shift], deletedIds: [] } },
      {
        eventId: 'b',
        type: 'machineAllocations.changed.v1',
        topic: 'machine-allocations',
        at: 2,
        data: { saved: [allocation], deletedIds: [4] },
      },
    ]);
  });

  it('puts gate pass changes on their topic, and on no dashboard widget', () => {
    const data = { ids: [7, 8], containerNumbers: ['MSKU9913618', 'TEMU2709541'] };
    const events = [{ type: 'gatePass.changed', eventId: 'a', at: 1, data }] as DomainEvent[];
    expect(projectEvents(events)).toEqual([
      { eventId: 'a', type: 'gatePasses.changed.v1', topic: 'gate-passes', at: 1, data },
    ]);
  });

  it('puts master-data changes on their topic; a liner change repaints the yard grid, a customer the widget', () => {
    const events = [
      { type: 'masterData.changed', eventId: 'a', at: 1, data: { list: 'liner-infos' } },
      { type: 'masterData.changed', eventId: 'b', at: 2, data: { list: 'task-types' } },
      { type: 'masterData.changed', eventId: 'c', at: 3, data: { list: 'customers' } },
    ] as DomainEvent[];
    expect(projectAllEvents(events)).toEqual([
      { eventId: 'a', type: 'masterData.changed.v1', topic: 'master-data', at: 1, data: { list: 'liner-infos' } },
      { eventId: 'a', type: 'inventory.layout.v1', topic: 'inventory', at: 1, data: { reason: 'liners', area: null } },
      { eventId: 'b', type: 'masterData.changed.v1', topic: 'master-data', at: 2, data: { list: 'task-types' } },
      { eventId: 'c', type: 'masterData.changed.v1', topic: 'master-data', at: 3, data: { list: 'customers' } },
      {
        eventId: 'c',
        type: 'dashboard.changed.v1',
        topic: 'dashboard',
        at: 3,
        data: { widgets: ['customerInventory'] },
      },
    ]);
  });

  it('puts plan changes and engine runs on the planning topic, and no dashboard widget', () => {
    const job = {
      jobId: 'run-1',
      status: 'running' as const,
      progress: 0.5,
      planId: null,
      placements: [],
      unplaced: [],
      error: null,
      startedAt: 1,
      finishedAt: null,
    };
    const events = [
      { type: 'planning.planChanged', eventId: 'a', at: 1, data: { planId: 7 } },
      { type: 'planning.engineRunChanged', eventId: 'b', at: 2, data: job },
    ] as DomainEvent[];
    expect(projectEvents(events)).toEqual([
      { eventId: 'a', type: 'planning.changed.v1', topic: 'planning', at: 1, data: { planId: 7 } },
      { eventId: 'b', type: 'planning.engine.v1', topic: 'planning', at: 2, data: job },
    ]);
  });

  it('puts a CHA allocation changed on the topic cha', () => {
    const events = [{ type: 'cha.allocationChanged', eventId: 'c', at: 3, data: { agentId: 4 } }] as DomainEvent[];
    expect(projectEvents(events)).toEqual([
      { eventId: 'c', type: 'cha.allocation.v1', topic: 'cha', at: 3, data: { agentId: 4 } },
    ]);
  });

  it('puts machines and ITVs saved on the machines screen on their topics', () => {
    const machine = {
      id: 4,
      machineName: 'RS-09',
      machineType: 'Reach-Stacker',
      machineStatus: 'Break-Down',
      isrfidInstalled: false,
      zone: null,
      position: null,
      lastDataReceived: null,
      status: 'red' as const,
      mqttUsername: 'machine-4',
    };
    const events = [
      { type: 'machine.saved', eventId: 'a', at: 1, data: { machine } },
      { type: 'itv.changed', eventId: 'b', at: 1, data: { itvId: 3, itv: null } },
    ] as DomainEvent[];
    expect(projectEvents(events)).toEqual([
      { eventId: 'a', type: 'machine.changed.v1', topic: 'machines', at: 1, data: { machine } },
      { eventId: 'b', type: 'itv.changed.v1', topic: 'itvs', at: 1, data: { itvId: 3, itv: null } },
    ]);
  });

  it('puts alarms raised and cleared on the alarms topic', () => {
    const alarm = {
      id: 2,
      kind: 'machineBreakdown' as const,
      severity: 'critical' as const,
      sourceKind: 'machine' as const,
      sourceId: 4,
      sourceName: 'RS-09',
      message: 'RS-09 is broken down',
      raisedAt: 1,
      clearedAt: null,
    };
    const events = [{ type: 'alarm.changed', eventId: 'a', at: 1, data: { alarm } }] as DomainEvent[];
    expect(projectEvents(events)).toEqual([
      { eventId: 'a', type: 'alarm.changed.v1', topic: 'alarms', at: 1, data: { alarm } },
    ]);
  });

  it('puts gate transactions on the gate-visits topic as the visit they opened or closed', () => {
    const visit = {
      id: 7,
      trailerNumber: 'MH04AB1234',
      trailerTagId: '12345678',
      gateInType: 'Import',
      trailerType: null,
      gateId: 3,
      containerNumbers: ['MSCU1234565'],
      entryDate: 1,
      outDate: null,
      tasksDone: 0,
      tasksPending: 1,
      lastTaskDoneAt: null,
    };
    const events = [
      {
        type: 'gate.containersGatedIn',
        eventId: 'a',
        at: 1,
        data: { requestId: 'r-1', gateId: 3, visit, containers: [], taskIds: [] },
      },
      { type: 'gate.vehicleGatedIn', eventId: 'b', at: 1, data: { requestId: 'r-2', gateId: 3, visit, taskIds: [] } },
      {
        type: 'gate.containerDispatched',
        eventId: 'c',
        at: 1,
        data: {
          requestId: null,
          gateId: 3,
          containerId: 1,
          containerNumber: 'MSCU1234565',
          exitProcess: null,
          previousLocation: null,
          visit: null,
        },
      },
      {
        type: 'gate.containerRetagged',
        eventId: 'd',
        at: 1,
        data: { containerId: 1, containerNumber: 'MSCU1234565', oldTag: null, newTag: '12345678' },
      },
      { type: 'task.created', eventId: 'e', at: 1, data: { visitId: 7, tasks: [] } },
    ] as DomainEvent[];
    expect(projectEvents(events).map(({ type, topic, eventId }) => [type, topic, eventId])).toEqual([
      ['gate.visit.v1', 'gate-visits', 'a'],
      ['gate.visit.v1', 'gate-visits', 'b'],
      ['tasks.changed.v1', 'tasks', 'e'],
    ]);
  });

  it('puts task changes on tasks, ITV tasks there one by one, and yard exceptions on yard-exceptions', () => {
    const events = [
      { type: 'task.completed', eventId: 'a', at: 1, data: { tasks: [] } },
      { type: 'task.transferred', eventId: 'b', at: 1, data: { tasks: [], previous: [] } },
      { type: 'task.deleted', eventId: 'c', at: 1, data: { tasks: [] } },
      { type: 'itvTask.deleted', eventId: 'd', at: 1, data: { itvTaskIds: [4, 5] } },
      { type: 'machineDay.counted', eventId: 'e', at: 1, data: { machines: ['RS-01'], from: 5, to: 9 } },
    ] as DomainEvent[];
    expect(projectEvents(events).map(({ type, topic, data }) => [type, topic, data])).toEqual([
      ['tasks.changed.v1', 'tasks', { change: 'completed', tasks: [] }],
      ['tasks.changed.v1', 'tasks', { change: 'transferred', tasks: [] }],
      ['tasks.deleted.v1', 'tasks', { taskIds: [] }],
      ['tasks.itvTask.v1', 'tasks', { itvTaskId: 4, itvTask: null }],
      ['tasks.itvTask.v1', 'tasks', { itvTaskId: 5, itvTask: null }],
      ['tasks.machineDayCounted.v1', 'tasks', { machines: ['RS-01'], from: 5, to: 9 }],
    ]);
  });

  it('passes the live messages of outbox rows written before domain events through unchanged', () => {
    const legacy: LiveMessage = { eventId: 'x', type: 'gate.changed.v1', topic: 'gates', at: 1, data: { gateId: 3 } };
    expect(projectEvent(legacy)).toEqual([legacy]);
  });

  it('shows nothing for an event type this server does not know (a newer process wrote it)', () => {
    expect(projectEvent({ type: 'gate.opened', eventId: 'y', at: 1, data: {} } as unknown as DomainEvent)).toEqual([]);
  });
});

describe('the dashboard message of domain events', () => {
  it('names the widgets whose figures an event changed, with the event’s id and time', () => {
    const arrival = moved('C', null);
    expect(projectAll(arrival).filter((message) => message.topic === 'dashboard')).toEqual([
      {
        eventId: 'e-1',
        type: 'dashboard.changed.v1',
        topic: 'dashboard',
        at: 1000,
        data: { widgets: ['areaInventory', 'emptySlots', 'customerInventory', 'containerAging', 'gateInOut'] },
      },
    ]);
    // A move within the yard is a movement (and a machine's, the machine widget's); leaving is a gate-out.
    expect(dashboardWidgetsOf(moved('C', 'A'))).toEqual([
      'areaInventory',
      'emptySlots',
      'customerInventory',
      'containerAging',
      'monthlyMovements',
    ]);
    const byMachine = moved('C', 'A');
    expect(dashboardWidgetsOf({ ...byMachine, data: { ...byMachine.data, source: 'machine' } })).toContain(
      'machineTasks',
    );
    expect(dashboardWidgetsOf(moved(null, 'B'))).toContain('gateInOut');
    expect(dashboardWidgetsOf({ type: 'task.completed', eventId: 't', at: 1, data: { tasks: [] } })).toEqual([
      'machineTasks',
    ]);
    expect(
      dashboardWidgetsOf({ type: 'trailer.changed', eventId: 'r', at: 1, data: { trailerId: 1, trailer: null } }),
    ).toEqual(['yardTrailers']);
    // A plan's reservation (issue 19) is in no figure: placed or released, it asks for nothing.
    const reserved = moved('C', null);
    const planned = {
      ...reserved,
      data: { ...reserved.data, container: { ...reserved.data.container, planned: true } },
    };
    expect(dashboardWidgetsOf(planned)).toEqual([]);
    // Positions change no figure: no message.
    const position = { type: 'machine.moved', eventId: 'm', at: 1, data: {} } as unknown as DomainEvent;
    expect(projectAll(position).some((message) => message.topic === 'dashboard')).toBe(false);
    expect(
      dashboardWidgetsOf({ type: 'yard.layoutChanged', eventId: 'l', at: 1, data: { reason: 'rules', areas: [] } }),
    ).toEqual([]);
  });
});
