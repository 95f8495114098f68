import type { Rule } from '@openyard/contracts';
import type { MasterListName } from '../../../api/MasterListName';

// The filters of a rule (spec 1 §3), in the order the form shows them, with where their choices come from.
export type RuleFilterName = keyof Pick<
  Rule,
  'process' | 'type' | 'size' | 'category' | 'liner' | 'customer' | 'cargoType'
>;

export const RULE_FILTERS: readonly { name: RuleFilterName; label: string; list: MasterListName }[] = [
  { name: 'process', label: 'Process', list: 'containerProcesses' },
  { name: 'type', label: 'Container type', list: 'containerTypes' },
  { name: 'size', label: 'Size', list: 'containerSizes' },
  { name: 'category', label: 'Category', list: 'categories' },
  { name: 'liner', label: 'Liner', list: 'liners' },
  { name: 'customer', label: 'Customer', list: 'customers' },
  { name: 'cargoType', label: 'Cargo type', list: 'cargoTypes' },
];
