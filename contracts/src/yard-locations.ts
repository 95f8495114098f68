import { Type, type Static } from 'typebox';

// Yard locations (spec 3 §3): named polygons of the yard map, of one of two types (spec 3 §9):
// a zone of the yard (where a machine is) or a place a task takes a container to.
export const YARD_LOCATION_TYPES = ['YARD_ZONE', 'TASK_TO_LOCATION'] as const;
export type YardLocationType = (typeof YARD_LOCATION_TYPES)[number];
export const YardLocationTypeSchema = Type.Union([Type.Literal('YARD_ZONE'), Type.Literal('TASK_TO_LOCATION')]);

// Spec 3 §9: up to 8 points, at least 4 required.
export const YARD_LOCATION_MIN_POINTS = 4;
export const YARD_LOCATION_MAX_POINTS = 8;
export const YARD_LOCATION_NAME_MAX_LENGTH = 60;

export const YardCoordinate = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });
export type YardCoordinate = Static<typeof YardCoordinate>;

export const YardLocation = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: YardLocationTypeSchema,
  coordinates: Type.Array(YardCoordinate),
});
export type YardLocation = Static<typeof YardLocation>;

// POST adds a location, PUT .../{id} changes one. The schema lets through what the rules answer in
// words (too few points, a missing name): rules/yard-locations.ts says why, with the spec's message.
export const YardLocationInput = Type.Object(
  {
    name: Type.String({ maxLength: YARD_LOCATION_NAME_MAX_LENGTH }),
    type: YardLocationTypeSchema,
    coordinates: Type.Array(
      Type.Object(
        { latitude: Type.Optional(Type.Number()), longitude: Type.Optional(Type.Number()) },
        { additionalProperties: false },
      ),
      { maxItems: 32 },
    ),
  },
  { additionalProperties: false },
);
export type YardLocationInput = Static<typeof YardLocationInput>;

export const YardLocationIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

// The answers of save and update: a status whose success value is "success", the spec's notice
// ('Yard location saved successfully', spec 3 §8) and the location as saved.
export const YardLocationSaved = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  location: YardLocation,
});
export type YardLocationSaved = Static<typeof YardLocationSaved>;

export const YardLocationDeleted = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  id: Type.Integer(),
});
export type YardLocationDeleted = Static<typeof YardLocationDeleted>;
