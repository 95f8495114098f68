import type { Alarm, AlarmsPage } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';

// Newest first, as the server lists them (raised time, then id).
const newerFirst = (a: Alarm, b: Alarm) => b.raisedAt - a.raisedAt || b.id - a.id;

// The open alarms after `alarm.changed.v1` (the alarm's state now: open, or cleared with clearedAt):
// the newest `limit` open alarms, their count and the count by severity. A delta that may be held
// by the snapshot already (the race guard applies deltas again to a snapshot read after them) must
// change nothing there: an alarm shown is replaced or removed by id; an alarm not shown was not
// counted when it is newer than the oldest one shown (the snapshot lists the newest open ones) or
// when every open alarm is shown. Anything else (an old alarm raised or cleared beyond the page)
// cannot be told apart, and the open alarms are fetched again.
export function withAlarm(current: AlarmsPage, alarm: Alarm, limit: number): AlarmsPage | typeof REFETCH {
  const shown = current.entities.find((each) => each.id === alarm.id);
  const complete = current.entities.length >= current.totalCount;
  const oldest = current.entities.at(-1);
  const count = (delta: number) => ({
    totalCount: Math.max(0, current.totalCount + delta),
    bySeverity: { ...current.bySeverity, [alarm.severity]: Math.max(0, current.bySeverity[alarm.severity] + delta) },
  });
  if (alarm.clearedAt !== null) {
    if (shown) return { entities: current.entities.filter((each) => each.id !== alarm.id), ...count(-1) };
    // Not open in what is shown (cleared already, or never seen open: its raise came with it).
    return complete ? current : REFETCH;
  }
  if (shown) return { ...current, entities: current.entities.map((each) => (each.id === alarm.id ? alarm : each)) };
  if (!complete && (!oldest || newerFirst(alarm, oldest) > 0)) return REFETCH;
  const entities = [...current.entities, alarm].sort(newerFirst).slice(0, limit);
  return { entities, ...count(1) };
}
