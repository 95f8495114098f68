import { cloneElement, type ReactElement } from 'react';
import { Badge, Tooltip } from '@mantine/core';

// A write action (a button, a menu target) where the user may not write: disabled, with the
// reason on hover and focus. `hide` leaves it out instead (actions that make no sense read-only).
// `reason` is ScreenAccess.readOnlyReason: null lets the action through as it is. Props a parent
// adds (Menu.Target's ref, handlers and aria attributes) go on to the action.
export function WriteGuard({
  reason,
  hide = false,
  children,
  ...passed
}: {
  reason: string | null;
  hide?: boolean;
  children: ReactElement<{ disabled?: boolean }>;
  [prop: string]: unknown;
}) {
  if (reason === null) return Object.keys(passed).length ? cloneElement(children, passed) : children;
  if (hide) return null;
  return (
    <Tooltip label={reason}>
      <span>{cloneElement(children, { disabled: true })}</span>
    </Tooltip>
  );
}

// The screen-level note that the user reads only, with the reason.
export function ReadOnlyBadge({ reason, testId }: { reason: string | null; testId: string }) {
  if (reason === null) return null;
  return (
    <Tooltip label={reason}>
      <Badge variant="outline" color="gray" size="lg" tt="none" data-testid={testId}>
        Read only
      </Badge>
    </Tooltip>
  );
}
