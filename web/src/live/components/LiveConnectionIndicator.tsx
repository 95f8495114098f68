import { Box, Group, Text, Tooltip } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { liveConnectionState } from '../states/liveConnectionState';
import type { LiveConnectionStatus } from '../utils/LiveClient';

const PRESENTATION: Record<LiveConnectionStatus, { label: string; color: string; hint: string }> = {
  open: { label: 'Live', color: 'var(--mantine-color-green-6)', hint: 'Live updates are flowing' },
  connecting: {
    label: 'Connecting…',
    color: 'var(--mantine-color-orange-6)',
    hint: 'Connecting to live updates; screens reload their data once connected',
  },
  closed: {
    label: 'Offline',
    color: 'var(--mantine-color-red-6)',
    hint: 'Live updates are interrupted; retrying automatically',
  },
};

// A dot and a word in the header: whether what the screens show is being kept up to date.
export function LiveConnectionIndicator() {
  const status = useAtomValue(liveConnectionState);
  const { label, color, hint } = PRESENTATION[status];
  return (
    <Tooltip label={hint}>
      <Group
        gap={6}
        wrap="nowrap"
        role="status"
        aria-label={`Live updates: ${label}`}
        data-testid="live-status"
        data-status={status}
      >
        <Box w={8} h={8} style={{ borderRadius: '50%', background: color, flexShrink: 0 }} />
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      </Group>
    </Tooltip>
  );
}
