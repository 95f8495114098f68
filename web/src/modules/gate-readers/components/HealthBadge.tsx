import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockPause } from '@tabler/icons-react';
import type { HealthStatus } from '@openyard/contracts';

const PRESENTATION = {
  OK: { color: 'green', Icon: IconCircleCheck },
  Idle: { color: 'orange', Icon: IconClockPause },
  NOK: { color: 'red', Icon: IconAlertTriangle },
} as const;

// OK green, Idle orange, NOK red (spec 1 §4); the word and an icon carry it too, never colour alone.
export function HealthBadge({ status, testId, subject }: { status: HealthStatus; testId?: string; subject: string }) {
  const { color, Icon } = PRESENTATION[status];
  return (
    <Badge
      size="sm"
      variant="light"
      color={color}
      leftSection={<Icon size={12} stroke={2} />}
      aria-label={`${subject} health: ${status}`}
      data-testid={testId}
      data-health={status}
      styles={{ root: { minWidth: 64 } }}
    >
      {status}
    </Badge>
  );
}
