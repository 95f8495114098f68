import { useEffect, useState } from 'react';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { metadataState } from '../states/metadataState';

function formatTime(now: Date, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(undefined, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(now);
  } catch {
    // An unknown zone name in the configuration: fall back to the device's zone.
    return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
  }
}

// Times are shown in the yard's configured zone (DESIGN §5), so the header shows that clock.
// `fz`: a larger clock (the wall display's corner).
export function YardClock({ fz }: { fz?: string } = {}) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Tooltip label={`Yard time${timeZone ? ` (${timeZone})` : ''}`}>
      <Group gap={6} c="dimmed" wrap="nowrap" visibleFrom="sm" aria-label="Yard time" fz={fz}>
        <IconClock size={fz ? '1em' : 16} stroke={1.6} />
        <Text size={fz ? undefined : 'sm'} fz={fz} ff="monospace" data-testid="yard-clock">
          {formatTime(now, timeZone)}
        </Text>
      </Group>
    </Tooltip>
  );
}
