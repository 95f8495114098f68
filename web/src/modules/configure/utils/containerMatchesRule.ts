import { RULE_ALL, type Rule } from '@openyard/contracts';

interface RuleSubject {
  process: string | null;
  containerType: string | null;
  sizeName: string | null;
  category: string | null;
  liner: string | null;
  customer: string | null;
  cargoType: string | null;
  hazardous: boolean;
}

const same = (filter: string, value: string | null) =>
  filter === RULE_ALL || (value !== null && filter.toLowerCase() === value.toLowerCase());

// Whether a container fits a rule's filters ('All' fits anything; a hazardous rule wants hazardous
// cargo), e.g. to mark boxes that stand in a rule's cells without belonging there.
export function containerMatchesRule(rule: Rule, container: RuleSubject): boolean {
  return (
    same(rule.process, container.process) &&
    same(rule.type, container.containerType) &&
    same(rule.size, container.sizeName) &&
    same(rule.category, container.category) &&
    same(rule.liner, container.liner) &&
    same(rule.customer, container.customer) &&
    same(rule.cargoType, container.cargoType) &&
    (!rule.hazardous || container.hazardous)
  );
}
