import { Type, type Static } from 'typebox';

export const NamedItem = Type.Object({ id: Type.Integer(), name: Type.String() });
export type NamedItem = Static<typeof NamedItem>;

export const LinerInfo = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  color: Type.String(),
  prefixes: Type.Array(Type.String()),
});
export type LinerInfo = Static<typeof LinerInfo>;

export const ContainerSize = Type.Object({ id: Type.Integer(), name: Type.String(), lengthFeet: Type.Integer() });
export type ContainerSize = Static<typeof ContainerSize>;

export const ContainerType = Type.Object({ id: Type.Integer(), name: Type.String(), isoGroup: Type.String() });
export type ContainerType = Static<typeof ContainerType>;

export const Customer = Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() });
export type Customer = Static<typeof Customer>;

export const ActivityGroup = Type.Object({ id: Type.Integer(), name: Type.String() });
export type ActivityGroup = Static<typeof ActivityGroup>;

export const Activity = Type.Object({
  id: Type.Integer(),
  activityId: Type.Integer(),
  activityName: Type.String(),
  activityGroup: ActivityGroup,
});
export type Activity = Static<typeof Activity>;

export const ActivitiesQuery = Type.Object({ activityGroup: Type.Optional(Type.String({ maxLength: 100 })) });
