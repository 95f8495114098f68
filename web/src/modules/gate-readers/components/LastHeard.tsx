import { Text, Tooltip } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { metadataState } from '../../../app/states/metadataState';
import { formatDateTime } from '../../../ui/formatDateTime';
import { clockSecondState } from '../states/clockSecondState';
import { formatAge } from '../utils/formatAge';

// How long ago a device was last heard from, ticking; the exact time (yard zone) on hover.
export function LastHeard({ at, testId }: { at: number | null; testId?: string }) {
  const now = useAtomValue(clockSecondState);
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const text = (
    <Text
      inherit
      c={at === null ? 'dimmed' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid={testId}
      span
    >
      {formatAge(at, now)}
    </Text>
  );
  return at === null ? text : <Tooltip label={formatDateTime(at, timeZone)}>{text}</Tooltip>;
}
