import { Type, type Static } from 'typebox';

export const HealthStatusSchema = Type.Union([Type.Literal('OK'), Type.Literal('Idle'), Type.Literal('NOK')]);
export const GateType = Type.Union([Type.Literal('IN'), Type.Literal('OUT')]);
export const CameraName = Type.Union([
  Type.Literal('Front'),
  Type.Literal('Rear'),
  Type.Literal('Top'),
  Type.Literal('Side1'),
  Type.Literal('Side2'),
]);

export const CamConfigEntry = Type.Object({ id: CameraName, name: Type.String({ maxLength: 60 }) });
export type CamConfigEntry = Static<typeof CamConfigEntry>;

export const GateReader = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  readerType: Type.String(),
  gate: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  ip: Type.String(),
  positionLat: Type.Union([Type.Number(), Type.Null()]),
  positionLong: Type.Union([Type.Number(), Type.Null()]),
  statusLastReceived: Type.Union([Type.Integer(), Type.Null()]),
  rfStatus: Type.Union([Type.Literal('OK'), Type.Literal('NOK'), Type.Null()]),
  healthStatus: HealthStatusSchema,
  mqttUsername: Type.String(),
});
export type GateReader = Static<typeof GateReader>;

export const Gate = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: GateType,
  positionLat: Type.Number(),
  positionLong: Type.Number(),
  camConfig: Type.Array(CamConfigEntry),
  readers: Type.Array(GateReader),
  healthStatus: HealthStatusSchema,
  cameraMqttUsername: Type.String(),
});
export type Gate = Static<typeof Gate>;

// The form sends what the user typed; empty values get the spec's messages from the server.
export const GateInput = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 60 })),
    type: Type.Optional(GateType),
    positionLat: Type.Optional(Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()])),
    positionLong: Type.Optional(Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()])),
    camConfig: Type.Optional(Type.Array(CamConfigEntry, { maxItems: 5 })),
  },
  { additionalProperties: false },
);
export type GateInput = Static<typeof GateInput>;

export const GateReaderInput = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 60 })),
    readerType: Type.Optional(Type.String({ maxLength: 30 })),
    ip: Type.Optional(Type.String({ maxLength: 45 })),
    gate: Type.Optional(Type.Union([Type.Object({ id: Type.Integer({ minimum: 1 }) }), Type.Null()])),
    positionLat: Type.Optional(Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()])),
    positionLong: Type.Optional(Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type GateReaderInput = Static<typeof GateReaderInput>;

// A device's MQTT password is shown once, when it is made or renewed; only its hash is kept.
export const DeviceCredentials = Type.Object({ mqttUsername: Type.String(), mqttPassword: Type.String() });
export type DeviceCredentials = Static<typeof DeviceCredentials>;

export const GateSaved = Type.Object({
  responsestatus: Type.String(),
  gate: Gate,
  credentials: Type.Optional(DeviceCredentials),
});
export type GateSaved = Static<typeof GateSaved>;
export const GateReaderSaved = Type.Object({
  responsestatus: Type.String(),
  reader: GateReader,
  credentials: Type.Optional(DeviceCredentials),
});
export type GateReaderSaved = Static<typeof GateReaderSaved>;

export const DeleteGateQuery = Type.Object({ deleteReaders: Type.Optional(Type.Boolean({ default: false })) });

export const TagRead = Type.Object({
  id: Type.Integer(),
  readerId: Type.Integer(),
  gateId: Type.Union([Type.Integer(), Type.Null()]),
  tagId: Type.String(),
  antenna: Type.Union([Type.Integer(), Type.Null()]),
  rssi: Type.Union([Type.Number(), Type.Null()]),
  readAt: Type.Integer(),
});
export type TagRead = Static<typeof TagRead>;
