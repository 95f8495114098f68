import { Badge, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { clockSecondState } from '../states/clockSecondState';
import { lastTagReadsState } from '../states/lastTagReadsState';

const flashMs = 4_000;

// The last tag the reader read while the screen is open; it stands out for a few seconds.
export function LastTag({ readerId }: { readerId: number }) {
  const shown = useAtomValue(lastTagReadsState)[readerId];
  const now = useAtomValue(clockSecondState);
  if (!shown)
    return (
      <Text inherit c="dimmed">
        —
      </Text>
    );
  const fresh = now - shown.arrivedAt < flashMs;
  return (
    <Badge
      size="sm"
      variant={fresh ? 'filled' : 'default'}
      color={fresh ? 'harbour' : undefined}
      ff="monospace"
      data-testid={`reader-last-tag-${readerId}`}
      aria-label={`Last tag ${shown.tagRead.tagId}`}
    >
      {shown.tagRead.tagId}
    </Badge>
  );
}
