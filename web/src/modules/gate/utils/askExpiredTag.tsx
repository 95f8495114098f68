import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages } from '@openyard/contracts';
import { confirmDialog } from '../../../ui/confirmDialog';

// The 'Tag Expired' dialog of spec 1 §4/§8: with expired tags allowed it asks "Do you still want
// to use it?" (true: keep the tag and send it with allowExpiredTag); otherwise it says so, and
// the tag is cleared (false). Esc or a click outside answer no.
export function askExpiredTag(tag: string, allowed: boolean): Promise<boolean> {
  if (allowed)
    return confirmDialog({
      title: messages.tagExpiredTitle,
      message: messages.tagExpiredAllowed(tag),
      confirmLabel: 'Use it',
    });
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: messages.tagExpiredTitle,
      centered: true,
      children: (
        <Text size="sm" data-testid="tag-expired-text">
          {messages.tagExpired(tag)}
        </Text>
      ),
      labels: { confirm: 'OK', cancel: '' },
      cancelProps: { style: { display: 'none' } },
      confirmProps: { 'data-testid': 'confirm-dialog-ok', 'data-autofocus': true },
      onConfirm: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
