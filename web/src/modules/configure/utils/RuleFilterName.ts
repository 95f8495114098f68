import type { Rule } from '@openyard/contracts';

// The filters of a rule (spec 1 §3), in the order the form shows them, with where their choices come from.
export type RuleFilterName = keyof Pick<
  Rule,
  'process' | 'type' | 'size' | 'category' | 'liner' | 'customer' | 'cargoType'
>;

export const RULE_FILTERS: readonly { name: RuleFilterName; label: string; path: string }[] = [
  { name: 'process', label: 'Process', path: '/rest/container-processes' },
  { name: 'type', label: 'Container type', path: '/rest/container-types' },
  { name: 'size', label: 'Size', path: '/rest/container-sizes' },
  { name: 'category', label: 'Category', path: '/rest/categories' },
  { name: 'liner', label: 'Liner', path: '/rest/liners' },
  { name: 'customer', label: 'Customer', path: '/rest/customers' },
  { name: 'cargoType', label: 'Cargo type', path: '/rest/cargo-types' },
];
