import { liveTopics, type DashboardWidgetId, type DomainEvent, type LiveMessage } from '@openyard/contracts';
import type { BusEvent } from '../adapters/bus';

// The projection: each domain event → the `*.v1` live messages the screens get, on their topics.
// The one place that knows both vocabularies; services record facts, the hub delivers these.
// A message keeps its event's id and time (one event on several topics has one id: the web drops a
// second delivery per topic and event id, the hub per event id before projecting).
// Key order is the wire format's (eventId, type, topic, at, data).
export function projectEvent(event: BusEvent): LiveMessage[] {
  // Outbox rows written before domain events hold live messages: delivered as they are.
  if ('topic' in event) return [event];
  const messages = screenMessages(event);
  const widgets = dashboardWidgetsOf(event);
  if (widgets.length) {
    const { eventId, at } = event;
    messages.push({ eventId, type: 'dashboard.changed.v1', topic: liveTopics.dashboard, at, data: { widgets } });
  }
  return messages;
}

// The messages of the screens that show the event itself.
function screenMessages(event: DomainEvent): LiveMessage[] {
  const { eventId, at } = event;
  const on = <M extends LiveMessage>(type: M['type'], topic: string, data: M['data']) =>
    ({ eventId, type, topic, at, data }) as M;
  switch (event.type) {
    case 'gate.readerChanged':
      return [on('gate.reader.v1', liveTopics.gates, event.data)];
    case 'gate.readerRemoved':
      return [on('gate.readerRemoved.v1', liveTopics.gates, event.data)];
    case 'gate.changed':
      return [on('gate.changed.v1', liveTopics.gates, event.data)];
    case 'gate.healthChanged':
      return [on('gate.health.v1', liveTopics.gates, event.data)];
    case 'gate.tagRead':
      return [on('gate.tag.v1', liveTopics.gates, event.data)];
    case 'device.logged':
      return [on('deviceLog.entry.v1', liveTopics.deviceLogs, event.data)];
    case 'machine.moved':
      return [on('machine.position.v1', liveTopics.machines, event.data)];
    case 'machine.statusChanged':
      return [on('machine.status.v1', liveTopics.machines, event.data)];
    case 'itv.moved':
      return [on('itv.position.v1', liveTopics.itvs, event.data)];
    case 'container.moved': {
      // The yard's topic, and those of the areas the container entered and left.
      const { container, previousArea } = event.data;
      const messages = [on('inventory.slot.v1', liveTopics.inventory, event.data)];
      if (container.area) messages.push(on('inventory.slot.v1', liveTopics.inventoryArea(container.area), event.data));
      if (previousArea && previousArea !== container.area)
        messages.push(on('inventory.slot.v1', liveTopics.inventoryArea(previousArea), event.data));
      return messages;
    }
    case 'yard.layoutChanged': {
      const { reason, areas } = event.data;
      const data = { reason, area: areas[0] ?? null };
      return [liveTopics.inventory, ...areas.map(liveTopics.inventoryArea)].map((topic) =>
        on('inventory.layout.v1', topic, data),
      );
    }
    case 'ocr.recordChanged':
      return [on('ocr.record.v1', liveTopics.ocr(event.data.record.gateId), event.data)];
    case 'ocr.pendingCountChanged':
      return [on('ocr.count.v1', liveTopics.ocr(event.data.gateId), event.data)];
    case 'camera.frameStored':
      return [on('camera.frame.v1', liveTopics.cameras(event.data.gateId), event.data)];
    case 'ocr.recordResolved':
      return [on('ocr.resolved.v1', liveTopics.ocr(event.data.gateId), event.data)];
    case 'gate.containersGatedIn':
    case 'gate.vehicleGatedIn':
      return [on('gate.visit.v1', liveTopics.gateVisits, { visit: event.data.visit })];
    case 'gate.containerDispatched':
      return event.data.visit ? [on('gate.visit.v1', liveTopics.gateVisits, { visit: event.data.visit })] : [];
    // The container.moved recorded with a retag carries the new tag to the screens.
    case 'gate.containerRetagged':
      return [];
    case 'task.created':
      return [on('tasks.changed.v1', liveTopics.tasks, { change: 'created', tasks: event.data.tasks })];
    case 'task.updated':
      return [on('tasks.changed.v1', liveTopics.tasks, { change: 'updated', tasks: event.data.tasks })];
    case 'task.completed':
      return [on('tasks.changed.v1', liveTopics.tasks, { change: 'completed', tasks: event.data.tasks })];
    case 'task.transferred':
      return [on('tasks.changed.v1', liveTopics.tasks, { change: 'transferred', tasks: event.data.tasks })];
    case 'task.deleted':
      return [on('tasks.deleted.v1', liveTopics.tasks, { taskIds: event.data.tasks.map((task) => task.taskId) })];
    case 'machineDay.counted':
      return [on('tasks.machineDayCounted.v1', liveTopics.tasks, event.data)];
    case 'itvTask.changed':
      return [
        on('tasks.itvTask.v1', liveTopics.tasks, { itvTaskId: event.data.itvTask.taskId, itvTask: event.data.itvTask }),
      ];
    case 'itvTask.deleted':
      return event.data.itvTaskIds.map((itvTaskId) =>
        on('tasks.itvTask.v1', liveTopics.tasks, { itvTaskId, itvTask: null }),
      );
    case 'yard.exceptionRaised':
    case 'yard.exceptionResolved':
      return [on('yard.exception.v1', liveTopics.yardExceptions, event.data)];
    case 'trailer.changed':
      return [on('trailers.trailer.v1', liveTopics.trailers, event.data)];
    case 'shift.changed':
      return [on('shifts.changed.v1', liveTopics.shifts, event.data)];
    case 'yardLocation.changed':
      return [on('yardLocations.changed.v1', liveTopics.yardLocations, event.data)];
    case 'machineAllocation.changed':
      return [on('machineAllocations.changed.v1', liveTopics.machineAllocations, event.data)];
    case 'machine.saved':
      return [on('machine.changed.v1', liveTopics.machines, event.data)];
    case 'itv.changed':
      return [on('itv.changed.v1', liveTopics.itvs, event.data)];
    case 'alarm.changed':
      return [on('alarm.changed.v1', liveTopics.alarms, event.data)];
    case 'planning.planChanged':
      return [on('planning.changed.v1', liveTopics.planning, event.data)];
    case 'planning.engineRunChanged':
      return [on('planning.engine.v1', liveTopics.planning, event.data)];
    case 'cha.allocationChanged':
      return [on('cha.allocation.v1', liveTopics.cha, event.data)];
    case 'masterData.changed': {
      // Every screen's lists; and the yard grid, which colours containers by their liner (its
      // snapshot names the liners with their colours, so the inventory screens load it again).
      const messages: LiveMessage[] = [on('masterData.changed.v1', liveTopics.masterData, event.data)];
      if (event.data.list === 'liner-infos')
        messages.push(on('inventory.layout.v1', liveTopics.inventory, { reason: 'liners', area: null }));
      return messages;
    }
    case 'archive.runChanged':
      return [on('archive.run.v1', liveTopics.archive, event.data)];
    case 'batch.jobChanged':
      return [on('batch.job.v1', liveTopics.batch, event.data)];
    case 'gatePass.changed':
      return [on('gatePasses.changed.v1', liveTopics.gatePasses, event.data)];
    default:
      return unprojected(event);
  }
}

// An event of a type this server does not know (a newer process wrote it): no screen of this
// server shows it.
function unprojected(event: never): LiveMessage[] {
  void event;
  return [];
}

const INVENTORY_WIDGETS: DashboardWidgetId[] = ['areaInventory', 'emptySlots', 'customerInventory', 'containerAging'];

// The dashboard widgets whose figures an event changed (spec 1 §2 Dashboard): the dashboard asks
// for those again. Every gate transaction records its containers' `container.moved` (arrivals from
// nowhere, dispatches to nowhere) and its truck's `trailer.changed`, so the gate's own events add
// nothing; machine positions and statuses change no figure.
export function dashboardWidgetsOf(event: DomainEvent): DashboardWidgetId[] {
  switch (event.type) {
    case 'container.moved': {
      const { container, previousLocation, source } = event.data;
      // A plan's reservation (issue 19) is in no figure of the dashboard; its gate-in is.
      if (container.planned) return [];
      const relocated = previousLocation !== null && container.location !== null;
      if (!relocated) return [...INVENTORY_WIDGETS, 'gateInOut'];
      if (previousLocation === container.location) return INVENTORY_WIDGETS;
      return source === 'machine'
        ? [...INVENTORY_WIDGETS, 'monthlyMovements', 'machineTasks']
        : [...INVENTORY_WIDGETS, 'monthlyMovements'];
    }
    case 'yard.layoutChanged':
      return event.data.reason === 'rules' ? [] : INVENTORY_WIDGETS;
    case 'task.created':
    case 'task.updated':
    case 'task.completed':
    case 'task.transferred':
    case 'task.deleted':
    case 'machineDay.counted':
    case 'machine.saved':
      return ['machineTasks'];
    case 'trailer.changed':
      return ['yardTrailers'];
    case 'gate.readerChanged':
    case 'gate.readerRemoved':
    case 'gate.changed':
    case 'gate.healthChanged':
    case 'gate.tagRead':
    case 'device.logged':
    case 'machine.moved':
    case 'machine.statusChanged':
    case 'itv.moved':
    case 'ocr.recordChanged':
    case 'ocr.pendingCountChanged':
    case 'camera.frameStored':
    case 'ocr.recordResolved':
    case 'gate.containersGatedIn':
    case 'gate.vehicleGatedIn':
    case 'gate.containerDispatched':
    case 'gate.containerRetagged':
    case 'itvTask.changed':
    case 'itvTask.deleted':
    case 'yard.exceptionRaised':
    case 'yard.exceptionResolved':
    case 'shift.changed':
    case 'yardLocation.changed':
    case 'machineAllocation.changed':
    case 'itv.changed':
    case 'alarm.changed':
    case 'planning.planChanged':
    case 'planning.engineRunChanged':
    case 'cha.allocationChanged':
      return [];
    // The customers' inventory names its customers; no other widget shows a master-data name.
    case 'masterData.changed':
      return event.data.list === 'customers' ? ['customerInventory'] : [];
    // Archived rows stay counted in the rollups the widgets read (docs/archive.md); no widget counts
    // gate passes.
    case 'archive.runChanged':
    case 'batch.jobChanged':
    case 'gatePass.changed':
      return [];
    default:
      return unchangedWidgets(event);
  }
}

function unchangedWidgets(event: never): DashboardWidgetId[] {
  void event;
  return [];
}

// The live messages of a batch of bus events, in order.
export function projectEvents(events: readonly BusEvent[]): LiveMessage[] {
  return events.flatMap(projectEvent);
}
