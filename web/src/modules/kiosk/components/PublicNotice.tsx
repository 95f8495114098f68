import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { useTouchSize } from '../utils/touchSize';

// A sentence the public pages show (a refusal, "Location not found", the no-container state), in
// the page's large type: read from a step away on a kiosk, at arm's length on a phone.
export function PublicNotice({
  color,
  title,
  icon,
  children,
  testId,
}: {
  color: string;
  title?: string;
  icon?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  const kiosk = useTouchSize() === 'xl';
  return (
    <Alert
      color={color}
      variant="light"
      title={title}
      icon={icon}
      styles={{ title: { fontSize: kiosk ? 30 : 20 }, message: { fontSize: kiosk ? 24 : 16 } }}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
