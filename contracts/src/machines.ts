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
  // The yard zone (a YARD_ZONE yard location) its last position is in, or null; `zone` is the
  // zone it is assigned to.
  yardZone: Type.Union([Type.String(), Type.Null()]),
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
export type ItvsPage = Static<typeof ItvsPage>;

export const MachineLocation = Type.Object({
  machineId: Type.Integer(),
  machineName: Type.String(),
  machineTypeName: Type.String(),
  status: Type.String(),
  statusColour: MachineColourSchema,
  lastDataReceived: Type.Union([Type.Integer(), Type.Null()]),
  position: Type.Union([Position, Type.Null()]),
});
export type MachineLocation = Static<typeof MachineLocation>;
export const MachineLocations = Type.Object({ locations: Type.Array(MachineLocation) });

// The unique-name check of the machine form, asked when the name field loses focus (spec 2 §5);
// `id` is the machine being edited (its own name is not taken).
export const MachineNameQuery = Type.Object({
  machineName: Type.String({ minLength: 1, maxLength: 40 }),
  id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type MachineNameQuery = Static<typeof MachineNameQuery>;
export const NameTaken = Type.Object({ taken: Type.Boolean() });
export type NameTaken = Static<typeof NameTaken>;

// The same for the ITV form: its ITV number and its trailer number are each unique (spec 2 §5).
export const ItvNumbersQuery = Type.Object({
  itvNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
  trailerNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
  id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type ItvNumbersQuery = Static<typeof ItvNumbersQuery>;
export const ItvNumbersTaken = Type.Object({ itvNumberTaken: Type.Boolean(), trailerNumberTaken: Type.Boolean() });
export type ItvNumbersTaken = Static<typeof ItvNumbersTaken>;

// A machine's marker on the yard map (spec 2 §3 Machine location marker), with its label (A–Z
// without Y, spec 2 §9) and its status colour (spec 2 §4). `markerImageName` names the marker
// drawn: its colour (the print's legend shows the same symbol).
export const MachineMarker = Type.Object({
  machineId: Type.Integer(),
  label: Type.String(),
  markerImageName: Type.String(),
  machineName: Type.String(),
  machineTypeName: Type.String(),
  machineStatusName: Type.String(),
  statusColour: MachineColourSchema,
  lastDataReceivedTime: Type.Union([Type.Integer(), Type.Null()]),
  position: Type.Union([Position, Type.Null()]),
});
export type MachineMarker = Static<typeof MachineMarker>;

// What is printed with the machines' yard map (POST machines/yard-map, spec 2 §7): the file name
// the picture is saved under (`imageName`), its title with the yard time it shows, the markers as
// they stood at that moment (`dataprovider`, the print's legend), and the yard's outline (the
// areas with surveyed corners). The picture itself is the map the screen draws.
export const YardMapPrintObject = Type.Object({
  imageName: Type.String(),
  title: Type.String(),
  printedAt: Type.Integer(),
  dataprovider: Type.Array(MachineMarker),
  areas: Type.Array(Type.Object({ name: Type.String(), corners: Type.Array(Position) })),
});
export type YardMapPrintObject = Static<typeof YardMapPrintObject>;

export const MachinesYardMapRequest = Type.Object(
  // The machines to print; all of them when absent.
  { machineIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })) },
  { additionalProperties: false },
);
export type MachinesYardMapRequest = Static<typeof MachinesYardMapRequest>;

export const MachinesYardMap = Type.Object({
  responsestatus: Type.String(),
  responseMap: Type.Object({ printObject: YardMapPrintObject }),
});
export type MachinesYardMap = Static<typeof MachinesYardMap>;
