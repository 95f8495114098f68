import { Type, type Static } from 'typebox';

// A machine shift (spec 2 §3): a named period of the yard's day, in the yard's wall-clock time
// (TIME_ZONE), from fromHour:fromMinute to toHour:toMinute. A shift whose end is not after its
// start crosses midnight and ends on the next day (22:00–06:00); see rules/machine-shifts.ts.
export const MachineShift = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  fromHour: Type.Integer({ minimum: 0, maximum: 23 }),
  fromMinute: Type.Integer({ minimum: 0, maximum: 59 }),
  toHour: Type.Integer({ minimum: 0, maximum: 23 }),
  toMinute: Type.Integer({ minimum: 0, maximum: 59 }),
});
export type MachineShift = Static<typeof MachineShift>;

export const SHIFT_NAME_MAX_LENGTH = 40;

// POST adds a shift; PUT changes the one its id names.
export const MachineShiftInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    name: Type.String({ maxLength: SHIFT_NAME_MAX_LENGTH }),
    fromHour: Type.Integer({ minimum: 0, maximum: 23 }),
    fromMinute: Type.Integer({ minimum: 0, maximum: 59 }),
    toHour: Type.Integer({ minimum: 0, maximum: 23 }),
    toMinute: Type.Integer({ minimum: 0, maximum: 59 }),
  },
  { additionalProperties: false },
);
export type MachineShiftInput = Static<typeof MachineShiftInput>;

// GET /rest/enterprise/shifts: every shift, by start time. A yard has a handful; the list is
// shown whole.
export const MachineShifts = Type.Object({ responsestatus: Type.String(), shifts: Type.Array(MachineShift) });
export type MachineShifts = Static<typeof MachineShifts>;

// The answers of save, update and delete: a status whose success value is "success" (spec 2 §7),
// the spec's notice, and the shift saved.
export const MachineShiftSaved = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  shift: MachineShift,
});
export type MachineShiftSaved = Static<typeof MachineShiftSaved>;
