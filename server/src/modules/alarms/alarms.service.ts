import { offsetFromOneBasedSkip, PAGE_SIZES, type AlarmsPage, type OpenAlarmsQuery } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { commitWithEvents, type AfterCommit } from '../outbox';
import { alarmsRepository, toAlarm, type AlarmKey, type NewAlarm } from './alarms.repository';

// The yard's alarms: raised and cleared by the recorder (alarms.recorder.ts), each change with its
// `alarm.changed` event in one transaction (the `alarms` live topic); read by the open-alarms call
// and the alarm report.
export function createAlarmsService(db: Database, deps: { afterCommit: AfterCommit }) {
  return {
    // True when this call raised it (not open already, not raised by this event before).
    raise: (alarm: NewAlarm) =>
      commitWithEvents(db, deps.afterCommit, async (tx, events) => {
        const row = await alarmsRepository.raise(tx, alarm);
        if (row) events.push({ type: 'alarm.changed', data: { alarm: toAlarm(row) } });
        return row !== null;
      }),

    clear: (key: AlarmKey, at: Date) =>
      commitWithEvents(db, deps.afterCommit, async (tx, events) => {
        const rows = await alarmsRepository.clear(tx, key, at);
        for (const row of rows) events.push({ type: 'alarm.changed', data: { alarm: toAlarm(row) } });
        return rows.length;
      }),

    openKeys: () => alarmsRepository.openKeys(db),

    async open(query: OpenAlarmsQuery): Promise<AlarmsPage> {
      const { rows, total, bySeverity } = await alarmsRepository.openPage(
        db,
        offsetFromOneBasedSkip(query.startIndex),
        query.pageSize ?? PAGE_SIZES.alarms,
      );
      return { entities: rows.map(toAlarm), totalCount: total, bySeverity };
    },

    // The states alarms follow, as they are now: machines broken down, readers NOK, open exceptions.
    async current() {
      const [machines, readers, exceptions] = await Promise.all([
        alarmsRepository.brokenDownMachines(db),
        alarmsRepository.downReaders(db),
        alarmsRepository.unresolvedExceptions(db),
      ]);
      return { machines, readers, exceptions };
    },

    machineName: (id: number) => alarmsRepository.machineName(db, id),
    readerName: (id: number) => alarmsRepository.readerName(db, id),
    movementAlert: (containerId: number) => alarmsRepository.movementAlert(db, containerId),
  };
}

export type AlarmsService = ReturnType<typeof createAlarmsService>;
