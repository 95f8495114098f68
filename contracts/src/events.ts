import type { GatedInContainer, TruckVisit } from './gate-operations';
import type { LiveMessage, LiveMessageType } from './live';
import type { ItvTask, Task, YardException } from './tasks';

type DataOf<K extends LiveMessageType> = Extract<LiveMessage, { type: K }>['data'];

// Domain events: facts the services record, past tense (`domain.pastTense`), written to the outbox
// in the transaction of the change. They are not websocket payloads: the server's projection
// (server/src/live/projection.ts) turns each into the `*.v1` live messages and topics the screens
// get, and server-side consumers (tasks, planning, dashboards) subscribe to the events themselves.
// Adding one: its data here, a case in the projection (or none, for an event no screen shows).
export interface DomainEventMap {
  // A gate reader was created or changed (its gate, settings or health).
  'gate.readerChanged': DataOf<'gate.reader.v1'>;
  'gate.readerRemoved': { readerId: number };
  // A gate was added, renamed, moved or deleted.
  'gate.changed': { gateId: number };
  // A gate's health, or its readers', was worked out anew (a status message, or ageing).
  'gate.healthChanged': DataOf<'gate.health.v1'>;
  'gate.tagRead': DataOf<'gate.tag.v1'>;
  // A device log entry was written.
  'device.logged': DataOf<'deviceLog.entry.v1'>;
  'machine.moved': DataOf<'machine.position.v1'>;
  'machine.statusChanged': DataOf<'machine.status.v1'>;
  'itv.moved': DataOf<'itv.position.v1'>;
  // A container's place in the yard changed (moved, arrived, left, or its details changed).
  'container.moved': DataOf<'inventory.slot.v1'>;
  // The yard's layout (merged or split slots, split area, bulk location) or its colour rules
  // changed; `areas` are the areas it touched (none: the whole yard).
  'yard.layoutChanged': { reason: DataOf<'inventory.layout.v1'>['reason']; areas: string[] };
  // A truck visit's OCR record was created or changed; the gate's pending count after it.
  'ocr.recordChanged': DataOf<'ocr.record.v1'>;
  // A gate's pending OCR count changed without a new read (acknowledged or purged records).
  'ocr.pendingCountChanged': DataOf<'ocr.count.v1'>;
  // A camera frame was stored with what OCR read on it (the gate screen's video feed).
  'camera.frameStored': DataOf<'camera.frame.v1'>;
  // A smart gate transaction resolved a record (issue 16: the OCR accuracy figures).
  'ocr.recordResolved': DataOf<'ocr.resolved.v1'>;
  // Gate transactions (spec 1 §4), each with the truck visit it opened or closed. The containers'
  // places go as `container.moved` in the same change.
  'gate.containersGatedIn': {
    requestId: string;
    gateId: number | null;
    visit: TruckVisit;
    containers: GatedInContainer[];
    taskIds: number[];
  };
  'gate.vehicleGatedIn': { requestId: string; gateId: number | null; visit: TruckVisit; taskIds: number[] };
  'gate.containerDispatched': {
    requestId: string | null;
    gateId: number | null;
    containerId: number;
    containerNumber: string;
    exitProcess: string | null;
    previousLocation: string | null;
    // The visit it closed, if any.
    visit: TruckVisit | null;
  };
  'gate.containerRetagged': { containerId: number; containerNumber: string; oldTag: string | null; newTag: string };
  // Pending tasks were generated (by the gate, for planning, or for a truck's visit).
  'task.created': { visitId: number | null; tasks: Task[] };
  // Tasks were edited, started, or held up by a problem their driver reported.
  'task.updated': { tasks: Task[] };
  // Tasks were completed: by a user, a machine's terminal, or a machine's drop.
  'task.completed': { tasks: Task[] };
  // Tasks were moved to another machine (spec 3 §5 Move tasks); `previous` is where each was.
  'task.transferred': { tasks: Task[]; previous: { taskId: number; assignedToMachine: string }[] };
  // Tasks were deleted (as they were before).
  'task.deleted': { tasks: Task[] };
  // The machines' day figures changed (picks, productive and waste drops, completed tasks; the
  // task dashboard's rollup): which machines, and the instants (epoch ms) of the facts counted.
  'machineDay.counted': { machines: string[]; from: number; to: number };
  'itvTask.changed': { itvTask: ItvTask };
  'itvTask.deleted': { itvTaskIds: number[] };
  // A machine's pick or drop disagreed with the yard model (issue 17), and someone resolved it.
  'yard.exceptionRaised': { exception: YardException };
  'yard.exceptionResolved': { exception: YardException };
  // A trailer visit was added, edited, dispatched or deleted (trailer null then).
  'trailer.changed': DataOf<'trailers.trailer.v1'>;
  // Machine shifts were saved or deleted (their new state, the ids gone).
  'shift.changed': DataOf<'shifts.changed.v1'>;
  // Yard locations were saved or deleted (their new state, the ids gone).
  'yardLocation.changed': DataOf<'yardLocations.changed.v1'>;
  // Machine allocations were saved (one area's save) or deleted.
  'machineAllocation.changed': DataOf<'machineAllocations.changed.v1'>;
  // A machine was added or edited on the machines screen (issue 17).
  'machine.saved': DataOf<'machine.changed.v1'>;
  // An ITV was added, edited or deleted (itv null then).
  'itv.changed': DataOf<'itv.changed.v1'>;
  // An alarm was raised or cleared (issue 18): its state now.
  'alarm.changed': DataOf<'alarm.changed.v1'>;
  // A plan was saved, deleted or rolled back, or a container planned on it gated in (issue 19).
  'planning.planChanged': DataOf<'planning.changed.v1'>;
  // A planning engine run was queued, progressed, finished, failed or was rolled back: its state.
  'planning.engineRunChanged': DataOf<'planning.engine.v1'>;
  // A CHA's allocation changed: saved on /cha-vehicles, or a trailer gate-in counted against it.
  'cha.allocationChanged': DataOf<'cha.allocation.v1'>;
  // An item of a master-data list was added, changed or deleted on /master-data (issue 22).
  'masterData.changed': DataOf<'masterData.changed.v1'>;
  // An archive run began, archived a batch, finished or failed: its state.
  'archive.runChanged': DataOf<'archive.run.v1'>;
  // A batch file's job was queued, progressed, finished or failed (issue 20): its state.
  'batch.jobChanged': DataOf<'batch.job.v1'>;
  // Gate passes were added (by hand or by a sheet), edited, used by a dispatch or deleted (issue 16).
  'gatePass.changed': DataOf<'gatePasses.changed.v1'>;
}

export type DomainEventType = keyof DomainEventMap;

// A new event, as a service records it.
// `correlationId`: the device message (`<device>/<messageId>`), request or job it comes from; unset,
// the outbox takes the one in hand.
export type NewDomainEvent = {
  [K in DomainEventType]: { type: K; data: DomainEventMap[K]; correlationId?: string };
}[DomainEventType];

// An event as stored and carried on the bus: with its id (consumers drop a second delivery by it)
// and the time it was recorded.
export type DomainEvent = {
  [K in DomainEventType]: { type: K; eventId: string; at: number; correlationId?: string; data: DomainEventMap[K] };
}[DomainEventType];

export type DomainEventOf<K extends DomainEventType> = Extract<DomainEvent, { type: K }>;

export const DOMAIN_EVENT_TYPES = [
  'gate.readerChanged',
  'gate.readerRemoved',
  'gate.changed',
  'gate.healthChanged',
  'gate.tagRead',
  'device.logged',
  'machine.moved',
  'machine.statusChanged',
  'itv.moved',
  'container.moved',
  'yard.layoutChanged',
  'ocr.recordChanged',
  'ocr.pendingCountChanged',
  'camera.frameStored',
  'ocr.recordResolved',
  'gate.containersGatedIn',
  'gate.vehicleGatedIn',
  'gate.containerDispatched',
  'gate.containerRetagged',
  'task.created',
  'task.updated',
  'task.completed',
  'task.transferred',
  'task.deleted',
  'machineDay.counted',
  'itvTask.changed',
  'itvTask.deleted',
  'yard.exceptionRaised',
  'yard.exceptionResolved',
  'trailer.changed',
  'shift.changed',
  'yardLocation.changed',
  'machineAllocation.changed',
  'machine.saved',
  'itv.changed',
  'alarm.changed',
  'planning.planChanged',
  'planning.engineRunChanged',
  'cha.allocationChanged',
  'masterData.changed',
  'archive.runChanged',
  'batch.jobChanged',
  'gatePass.changed',
] as const satisfies readonly DomainEventType[];

// Every type listed once (a compile error names the one missing).
type Missing = Exclude<DomainEventType, (typeof DOMAIN_EVENT_TYPES)[number]>;
const everyTypeListed: Missing extends never ? true : Missing = true;
void everyTypeListed;
