import { Box, Group, Text } from '@mantine/core';
import { liveSilenceLimitMs } from '@openyard/contracts';
import { useLiveFreshness } from '../hooks/useLiveFreshness';
import { liveFreshnessOf, type LiveFreshnessTone } from '../utils/liveFreshnessOf';

const COLOURS: Record<LiveFreshnessTone, string> = {
  live: 'var(--mantine-color-green-6)',
  stale: 'var(--mantine-color-orange-6)',
  reconnecting: 'var(--mantine-color-red-6)',
};

// How fresh the figures on screen are, in words, counted every second: live and the last update's
// age, stale (the server went silent) or reconnecting and for how long (the wall display's corner).
export function LiveFreshnessIndicator({ fz = 'var(--mantine-font-size-sm)' }: { fz?: string }) {
  const { freshness, now } = useLiveFreshness();
  const { tone, label } = liveFreshnessOf(freshness, now, liveSilenceLimitMs());
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      role="status"
      aria-label={label}
      data-testid="live-freshness"
      data-tone={tone}
      data-status={freshness.status}
    >
      <Box w="0.7em" h="0.7em" fz={fz} style={{ borderRadius: '50%', background: COLOURS[tone], flexShrink: 0 }} />
      <Text fz={fz} fw={tone === 'live' ? 400 : 700} c={tone === 'live' ? 'dimmed' : COLOURS[tone]}>
        {label}
      </Text>
    </Group>
  );
}
