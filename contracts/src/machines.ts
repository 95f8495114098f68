import { Type, type Static } from 'typebox';

export const MachineColourSchema = Type.Union([
  Type.Literal('red'),
  Type.Literal('orange'),
  Type.Literal('green'),
  Type.Literal('grey'),
]);

export const Position = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });

export const Machine = Type.Object({
  id: Type.Integer(),
  machineName: Type.String(),
  machineType: Type.String(),
  machineStatus: Type.String(),
  isrfidInstalled: Type.Boolean(),
  zone: Type.Union([Type.String(), Type.Null()]),
  position: Type.Union([Position, Type.Null()]),
  lastDataReceived: Type.Union([Type.Integer(), Type.Null()]),
  status: MachineColourSchema,
  mqttUsername: Type.String(),
});
export type Machine = Static<typeof Machine>;

export const MachineInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    machineName: Type.String({ minLength: 1, maxLength: 40 }),
    machineType: Type.String({ minLength: 1, maxLength: 40 }),
    machineStatus: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    isrfidInstalled: Type.Optional(Type.Boolean()),
    zone: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type MachineInput = Static<typeof MachineInput>;

export const Itv = Type.Object({
  id: Type.Integer(),
  itvNumber: Type.String(),
  trailerNumber: Type.String(),
  deviceInstalled: Type.Boolean(),
  status: MachineColourSchema,
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  lastDataReceived: Type.Union([Type.Integer(), Type.Null()]),
  mqttUsername: Type.String(),
});
export type Itv = Static<typeof Itv>;

export const ItvInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    itvNumber: Type.String({ minLength: 1, maxLength: 30 }),
    trailerNumber: Type.String({ minLength: 1, maxLength: 30 }),
    deviceInstalled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ItvInput = Static<typeof ItvInput>;

export const ItvsPage = Type.Object({ itvs: Type.Array(Itv), totalCount: Type.Integer() });

export const MachineLocation = Type.Object({
  machineId: Type.Integer(),
  machineName: Type.String(),
  machineTypeName: Type.String(),
  status: Type.String(),
  statusColour: MachineColourSchema,
  lastDataReceived: Type.Union([Type.Integer(), Type.Null()]),
  position: Type.Union([Position, Type.Null()]),
});
export const MachineLocations = Type.Object({ locations: Type.Array(MachineLocation) });
