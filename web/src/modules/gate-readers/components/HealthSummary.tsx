import { Group, Text } from '@mantine/core';
import type { HealthStatus } from '@openyard/contracts';

const ORDER: { status: HealthStatus; color: string }[] = [
  { status: 'OK', color: 'var(--mantine-color-green-6)' },
  { status: 'Idle', color: 'var(--mantine-color-orange-6)' },
  { status: 'NOK', color: 'var(--mantine-color-red-6)' },
];

// "12 OK · 2 Idle · 1 NOK" above a list: the state of the fleet at a glance.
export function HealthSummary({ statuses, noun }: { statuses: readonly HealthStatus[]; noun: string }) {
  return (
    <Group gap="md" wrap="nowrap" aria-label={`${noun} health summary`} data-testid={`${noun}-health-summary`}>
      {ORDER.map(({ status, color }) => {
        const count = statuses.filter((candidate) => candidate === status).length;
        return (
          <Group key={status} gap={6} wrap="nowrap">
            <span style={{ width: 8, height: 8, borderRadius: '50%', background: color, display: 'inline-block' }} />
            <Text size="xs" c={count ? undefined : 'dimmed'}>
              {count} {status}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}
