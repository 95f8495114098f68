import type { ComponentType } from 'react';
import { Button } from '@mantine/core';

// The one large action of a kiosk step (Locate, Find my containers, Show status, Save): a target a
// gloved finger hits from a step back.
export function KioskActionButton({
  icon: Icon,
  label,
  disabled,
  loading,
  onClick,
  testId,
}: {
  icon: ComponentType<{ size?: number }>;
  label: string;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button
      size="xl"
      h={84}
      fz={30}
      leftSection={<Icon size={32} />}
      disabled={disabled}
      loading={loading}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
