import { Type, type Static } from 'typebox';
import { PAGE_SIZES } from './rules/paging';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

// What the yard raises alarms for (issue 18: the alarm report, spec 2 §9 id 5, and the wall
// display's open alarms): a machine reported Break-Down, a gate reader gone NOK, a machine's pick or
// drop the yard model refused (a yard exception), a container under a movement alert moved.
export const ALARM_KINDS = ['machineBreakdown', 'readerDown', 'yardException', 'movementAlert'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
export const ALARM_SEVERITIES = ['critical', 'warning'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];
// The thing an alarm is about.
export const ALARM_SOURCES = ['machine', 'reader', 'yardException', 'container'] as const;
export type AlarmSourceKind = (typeof ALARM_SOURCES)[number];

export const Alarm = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(ALARM_KINDS),
  severity: Type.Enum(ALARM_SEVERITIES),
  sourceKind: Type.Enum(ALARM_SOURCES),
  sourceId: Type.Integer(),
  // The source as a person names it: the machine's name, the reader's name, the container number.
  sourceName: Type.String(),
  message: Type.String(),
  raisedAt: Type.Integer(),
  // Null while the alarm is open.
  clearedAt: Nullable(Type.Integer()),
});
export type Alarm = Static<typeof Alarm>;

export const OpenAlarmsQuery = Type.Object(
  {
    startIndex: Type.Optional(Type.Integer({ minimum: 0, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: PAGE_SIZES.alarms })),
  },
  { additionalProperties: false },
);
export type OpenAlarmsQuery = Static<typeof OpenAlarmsQuery>;
// The open alarms, newest first, a page of them; `bySeverity` counts every open alarm (not only the
// page's), for the control room's displays.
export const AlarmsPage = Type.Object({
  entities: Type.Array(Alarm),
  totalCount: Type.Integer(),
  bySeverity: Type.Object({ critical: Type.Integer(), warning: Type.Integer() }),
});
export type AlarmsPage = Static<typeof AlarmsPage>;
