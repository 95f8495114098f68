import { Type, type Static } from 'typebox';

export const CellLayout = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  fullName: Type.String(),
  columnIndex: Type.Integer(),
});
export type CellLayout = Static<typeof CellLayout>;

export const RowLayout = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  index: Type.Integer(),
  cellLayouts: Type.Array(CellLayout),
});
export type RowLayout = Static<typeof RowLayout>;

// A column's label; `merged` marks the first column of a 40 ft pair (it and the next hold one 40 ft box).
export const CellName = Type.Object({ name: Type.String(), index: Type.Integer(), merged: Type.Boolean() });
export type CellName = Static<typeof CellName>;

export const GeoCorner = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });

export const AreaLayout = Type.Object({
  areaId: Type.Integer(),
  name: Type.String(),
  maxHeight: Type.Integer(),
  totalSlots: Type.Integer(),
  heightNames: Type.Array(Type.String()),
  cellNames: Type.Array(CellName),
  rowLayouts: Type.Array(RowLayout),
  corners: Type.Union([Type.Array(GeoCorner, { minItems: 4, maxItems: 4 }), Type.Null()]),
});
export type AreaLayout = Static<typeof AreaLayout>;

export const YardLayout = Type.Object({
  slotFormat: Type.String(),
  startHeight: Type.Integer(),
  portStyleColumnNumbers: Type.Boolean(),
  areaLayouts: Type.Array(AreaLayout),
});
export type YardLayout = Static<typeof YardLayout>;
