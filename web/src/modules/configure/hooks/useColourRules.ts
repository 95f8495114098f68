import { useMemo } from 'react';
import type { Rule } from '@openyard/contracts';
import { ruleLookupOf, type RuleLookup } from '../utils/ruleLookupOf';
import { useLayout } from './useLayout';
import { useRules } from './useRules';
import { useRulesLive } from './useRulesLive';

export interface ColourRules extends RuleLookup {
  rules: Rule[];
  isLoading: boolean;
  // The colour (#rrggbb) at a grid position, or null where no rule covers it.
  colourAt: (area: string, rowIndex: number, columnIndex: number) => string | null;
}

// The yard colour rules for other screens (the inventory grid's rule layer): the rules and lookups
// from a cell or a grid position to its rule and colour. Stays current through the live topic.
export function useColourRules(): ColourRules {
  const rules = useRules();
  const layout = useLayout();
  useRulesLive();
  return useMemo(() => {
    const lookup = ruleLookupOf(rules.data ?? [], layout.data);
    return {
      ...lookup,
      rules: rules.data ?? [],
      isLoading: rules.isPending || layout.isPending,
      colourAt: (area, rowIndex, columnIndex) => lookup.ruleAt(area, rowIndex, columnIndex)?.color ?? null,
    };
  }, [rules.data, rules.isPending, layout.data, layout.isPending]);
}
