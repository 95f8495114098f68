import { messages } from '@openyard/contracts';
import { confirmDialog } from '../../../ui/confirmDialog';

// Spec 2 §4, §8: changing the selection (the search, the tab, the plan opened) while assignments are
// unsaved asks first. True when there is nothing to lose or the planner lets them go.
export async function confirmDiscardPlan(dirty: boolean): Promise<boolean> {
  if (!dirty) return true;
  return confirmDialog({
    title: 'Unsaved plan',
    message: messages.confirmDiscardPlan,
    confirmLabel: 'Discard',
    danger: true,
  });
}
