import type { FastifyBaseLogger } from 'fastify';
import { isBrokenDown, type AlarmKind, type AlarmSeverity, type AlarmSourceKind } from '@openyard/contracts';
import type { Bus } from '../../adapters/bus';
import { subscribeDomainEvents } from '../outbox';
import type { AlarmKey } from './alarms.repository';
import type { AlarmsService } from './alarms.service';

const SEVERITY: Record<AlarmKind, AlarmSeverity> = {
  machineBreakdown: 'critical',
  readerDown: 'critical',
  yardException: 'warning',
  movementAlert: 'warning',
};
const SOURCE: Record<AlarmKind, AlarmSourceKind> = {
  machineBreakdown: 'machine',
  readerDown: 'reader',
  yardException: 'yardException',
  movementAlert: 'container',
};

const keyText = (key: AlarmKey) => `${key.kind}:${key.sourceId}`;

// Raises and clears the yard's alarms from the domain events every process commits (issue 18), a
// consumer of the domain events as DESIGN §7 has them (never the live messages):
// - a machine whose status turns Break-Down (telemetry, health ageing, the machines screen), until
//   it turns anything else;
// - a gate reader whose health turns NOK, until it is OK or Idle again;
// - a yard exception raised by a machine's pick or drop, until someone resolves it;
// - a container under a movement alert that moved in the yard, until its alert is lifted or it
//   leaves the yard.
// Every API server runs one; their writes meet in the database (one open alarm of a kind per source,
// one alarm per raising event), so two servers or a second delivery raise an alarm once. The open
// alarms are kept in memory so that the machines' telemetry (a status in every position) costs no
// statement unless the status changed. The states behind the first three are read again at start
// and after the bus was away (`onGap`): an event missed then is made good; a movement missed then
// is not (nothing in the database says a move was under an alert before it happened).
export function startAlarmRecorder(deps: { bus: Bus; alarms: AlarmsService; logger: FastifyBaseLogger }) {
  const { alarms, logger } = deps;
  const open = new Set<string>();
  // One change at a time, in the order the events came.
  let chain: Promise<unknown> = Promise.resolve();
  const run = (work: () => Promise<unknown>) => {
    chain = chain.then(work).catch((error: unknown) => logger.error({ err: error }, 'alarm not recorded'));
  };

  async function raise(
    kind: AlarmKind,
    sourceId: number,
    sourceName: string,
    message: string,
    at: number,
    eventId: string | null,
  ) {
    const key = { kind, sourceKind: SOURCE[kind], sourceId };
    open.add(keyText(key));
    await alarms.raise({
      ...key,
      severity: SEVERITY[kind],
      sourceName,
      message,
      raisedAt: new Date(at),
      raisedEventId: eventId,
    });
  }

  async function clear(kind: AlarmKind, sourceId: number, at: number) {
    const key = { kind, sourceKind: SOURCE[kind], sourceId };
    open.delete(keyText(key));
    await alarms.clear(key, new Date(at));
  }

  const isOpen = (kind: AlarmKind, sourceId: number) => open.has(`${kind}:${sourceId}`);

  function machineStatus(machineId: number, status: string, at: number, eventId: string) {
    const down = isBrokenDown(status);
    if (down === isOpen('machineBreakdown', machineId)) return;
    if (down)
      run(async () => {
        const name = (await alarms.machineName(machineId)) ?? `Machine ${machineId}`;
        await raise('machineBreakdown', machineId, name, `${name} is broken down`, at, eventId);
      });
    else run(() => clear('machineBreakdown', machineId, at));
  }

  async function reconcile() {
    const now = Date.now();
    const [{ machines, readers, exceptions }, keys] = await Promise.all([alarms.current(), alarms.openKeys()]);
    open.clear();
    for (const key of keys) open.add(keyText(key));
    const wanted = new Set<string>();
    for (const machine of machines) {
      wanted.add(`machineBreakdown:${machine.id}`);
      if (!isOpen('machineBreakdown', machine.id))
        await raise(
          'machineBreakdown',
          machine.id,
          machine.name,
          `${machine.name} is broken down`,
          machine.since?.getTime() ?? now,
          null,
        );
    }
    for (const reader of readers) {
      wanted.add(`readerDown:${reader.id}`);
      if (!isOpen('readerDown', reader.id))
        await raise('readerDown', reader.id, reader.name, `Reader ${reader.name} is not responding`, now, null);
    }
    for (const exception of exceptions) {
      wanted.add(`yardException:${exception.id}`);
      if (!isOpen('yardException', exception.id))
        await raise(
          'yardException',
          exception.id,
          exception.machine ?? `Exception ${exception.id}`,
          exception.message,
          exception.since.getTime(),
          null,
        );
    }
    for (const key of keys)
      if (key.kind !== 'movementAlert' && !wanted.has(keyText(key))) await clear(key.kind, key.sourceId, now);
  }

  run(reconcile);
  const unsubscribe = subscribeDomainEvents(deps.bus, {
    'machine.moved': (event) =>
      machineStatus(event.data.machineId, event.data.machineStatus, event.data.lastDataReceived, event.eventId),
    'machine.statusChanged': (event) =>
      machineStatus(event.data.machineId, event.data.machineStatus, event.at, event.eventId),
    'machine.saved': (event) =>
      machineStatus(event.data.machine.id, event.data.machine.machineStatus, event.at, event.eventId),
    'gate.healthChanged': (event) => {
      for (const reader of event.data.readers) {
        const down = reader.healthStatus === 'NOK';
        if (down === isOpen('readerDown', reader.id)) continue;
        if (down)
          run(async () => {
            const name = (await alarms.readerName(reader.id)) ?? `Reader ${reader.id}`;
            await raise('readerDown', reader.id, name, `Reader ${name} is not responding`, event.at, event.eventId);
          });
        else run(() => clear('readerDown', reader.id, event.at));
      }
    },
    'yard.exceptionRaised': (event) => {
      const { exception } = event.data;
      run(() =>
        raise(
          'yardException',
          exception.id,
          exception.machineName ?? `Exception ${exception.id}`,
          exception.message,
          exception.occurredAt,
          event.eventId,
        ),
      );
    },
    'yard.exceptionResolved': (event) =>
      run(() => clear('yardException', event.data.exception.id, event.data.exception.resolvedAt ?? event.at)),
    'container.moved': (event) => {
      const { container, previousLocation } = event.data;
      const location = container.location ?? null;
      // In place: its details changed (a movement alert lifted clears its alarm).
      if (location === previousLocation) {
        if (isOpen('movementAlert', container.containerId))
          run(async () => {
            if (!(await alarms.movementAlert(container.containerId)))
              await clear('movementAlert', container.containerId, event.at);
          });
        return;
      }
      if (location === null) {
        if (isOpen('movementAlert', container.containerId))
          run(() => clear('movementAlert', container.containerId, event.at));
        return;
      }
      // Placed at the gate-in is not a movement of a container in the yard.
      if (previousLocation === null) return;
      run(async () => {
        if (!(await alarms.movementAlert(container.containerId))) return;
        await raise(
          'movementAlert',
          container.containerId,
          container.number,
          `${container.number} moved from ${previousLocation} to ${location} under a movement alert`,
          event.at,
          event.eventId,
        );
      });
    },
  });
  const stopGap = deps.bus.onGap(() => run(reconcile));

  return {
    // Resolves once every event heard so far is recorded (tests wait on it).
    async settled() {
      let seen: Promise<unknown>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },
    async stop() {
      unsubscribe();
      stopGap();
      await chain;
    },
  };
}

export type AlarmRecorder = ReturnType<typeof startAlarmRecorder>;
