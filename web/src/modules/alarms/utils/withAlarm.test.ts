import { describe, expect, it } from 'vitest';
import type { Alarm, AlarmsPage } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';
import { withAlarm } from './withAlarm';

const alarm = (id: number, raisedAt: number, severity: Alarm['severity'] = 'critical'): Alarm => ({
  id,
  kind: severity === 'critical' ? 'machineBreakdown' : 'yardException',
  severity,
  sourceKind: severity === 'critical' ? 'machine' : 'yardException',
  sourceId: id,
  sourceName: `RS-${id}`,
  message: `RS-${id} is broken down`,
  raisedAt,
  clearedAt: null,
});
const cleared = (open: Alarm, at: number): Alarm => ({ ...open, clearedAt: at });
const page = (entities: Alarm[], totalCount = entities.length): AlarmsPage => ({
  entities,
  totalCount,
  bySeverity: {
    critical: entities.filter((each) => each.severity === 'critical').length,
    warning: entities.filter((each) => each.severity === 'warning').length,
  },
});

const a = alarm(1, 1_000);
const b = alarm(2, 2_000, 'warning');
const c = alarm(3, 3_000);

describe('withAlarm', () => {
  it('adds a raised alarm newest first and counts it by severity', () => {
    expect(withAlarm(page([b, a]), c, 15)).toEqual(page([c, b, a]));
    expect(withAlarm(page([]), b, 15)).toEqual(page([b]));
  });

  it('removes a cleared alarm and counts it no more', () => {
    expect(withAlarm(page([c, b, a]), cleared(b, 4_000), 15)).toEqual(page([c, a]));
  });

  it('changes nothing for a delta the snapshot holds already', () => {
    const shown = page([c, b, a]);
    expect(withAlarm(shown, b, 15)).toEqual(shown);
    expect(withAlarm(page([c, a]), cleared(b, 4_000), 15)).toEqual(page([c, a]));
  });

  it('keeps the newest `limit` alarms shown and every open one counted', () => {
    const next = withAlarm(page([b, a]), c, 2);
    expect(next).toEqual({ entities: [c, b], totalCount: 3, bySeverity: { critical: 2, warning: 1 } });
    // A newer one than those shown, beyond the page: it was not counted yet.
    const d = alarm(4, 5_000, 'warning');
    expect(withAlarm(next as AlarmsPage, d, 2)).toEqual({
      entities: [d, c],
      totalCount: 4,
      bySeverity: { critical: 2, warning: 2 },
    });
  });

  it('asks for the open alarms again when it cannot tell whether they count a change beyond the page', () => {
    const truncated: AlarmsPage = { entities: [c, b], totalCount: 3, bySeverity: { critical: 2, warning: 1 } };
    // The oldest one (not shown) cleared, or an old one raised again by a reconciliation.
    expect(withAlarm(truncated, cleared(a, 4_000), 2)).toBe(REFETCH);
    expect(withAlarm(truncated, alarm(9, 500), 2)).toBe(REFETCH);
  });
});
