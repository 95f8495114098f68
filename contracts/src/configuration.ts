import { Type, type Static } from 'typebox';

// A yard colour rule (spec 1 §3): a name, a colour and filters over the cells it covers. Every
// filter is a master-data name or 'All'. A cell belongs to at most one rule.
export const RULE_ALL = 'All';
export const RULE_DEFAULT_COLOR = '#000000';

export const RuleCell = Type.Object({ id: Type.Integer(), name: Type.String(), fullName: Type.String() });
export type RuleCell = Static<typeof RuleCell>;

export const Rule = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  process: Type.String(),
  type: Type.String(),
  size: Type.String(),
  category: Type.String(),
  liner: Type.String(),
  customer: Type.String(),
  cargoType: Type.String(),
  hazardous: Type.Boolean(),
  cells: Type.Array(RuleCell),
});
export type Rule = Static<typeof Rule>;

const Filter = Type.Optional(Type.String({ maxLength: 120 }));

export const RuleInput = Type.Object(
  {
    id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    name: Type.String({ maxLength: 80 }),
    color: Type.Optional(Type.String({ maxLength: 20 })),
    process: Filter,
    type: Filter,
    size: Filter,
    category: Filter,
    liner: Filter,
    customer: Filter,
    cargoType: Filter,
    hazardous: Type.Optional(Type.Boolean()),
    // Cells by id; name and fullName may come along as the screen holds them.
    cells: Type.Array(
      Type.Object({
        id: Type.Integer({ minimum: 1 }),
        name: Type.Optional(Type.String()),
        fullName: Type.Optional(Type.String()),
      }),
      { maxItems: 20_000 },
    ),
  },
  { additionalProperties: false },
);
export type RuleInput = Static<typeof RuleInput>;

export const RuleSaved = Type.Object({ responsestatus: Type.String(), message: Type.String(), rule: Rule });
export type RuleSaved = Static<typeof RuleSaved>;

// Spec 1 §5: save is disabled with no cells, no name, or an empty or #000000 colour.
export function ruleSaveError(input: {
  name?: string | null;
  color?: string | null;
  cellCount: number;
}): 'name' | 'color' | 'cells' | null {
  if (!input.name?.trim()) return 'name';
  const color = input.color?.trim() ?? '';
  if (!color || color.toLowerCase() === RULE_DEFAULT_COLOR) return 'color';
  if (input.cellCount < 1) return 'cells';
  return null;
}
