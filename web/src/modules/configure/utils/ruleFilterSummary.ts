import { RULE_ALL, type Rule } from '@openyard/contracts';
import { RULE_FILTERS } from './RuleFilterName';

// The filters of a rule that narrow it (not 'All'), as label/value pairs, plus hazardous.
export function ruleFilterSummary(rule: Rule): { label: string; value: string }[] {
  const parts = RULE_FILTERS.filter((filter) => rule[filter.name] !== RULE_ALL).map((filter) => ({
    label: filter.label,
    value: rule[filter.name],
  }));
  if (rule.hazardous) parts.push({ label: 'Hazardous', value: 'Yes' });
  return parts;
}
