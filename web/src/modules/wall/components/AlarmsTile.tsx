import { Box, Group, Stack, Text } from '@mantine/core';
import type { AlarmSeverity } from '@openyard/contracts';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { liveAtOf } from '../../../live/utils/liveAt';
import { useOpenAlarms } from '../../alarms/hooks/useOpenAlarms';
import { useNow } from '../../allocations/hooks/useNow';
import { formatShortDuration } from '../../gate/utils/formatDuration';
import { WALL_TONES, WallFigure, type WallTone } from './WallFigure';
import { WallRow, WallTileFrame } from './WallTileFrame';

const TONES: Record<AlarmSeverity, WallTone> = { critical: 'bad', warning: 'warning' };

// The open alarms (issue 18), live: how many are critical (red) and warnings (orange), and the
// newest ones with how long they have been raised, by the wall's clock.
export function AlarmsTile() {
  const { query, refusal } = useOpenAlarms();
  const now = useNow(1_000);
  const open = query.data;
  return (
    <WallTileFrame title="Alarms" testId="wall-tile-alarms" liveAt={liveAtOf(open)}>
      <Stack gap="sm" h="100%">
        <LiveUnavailableNotice refusal={refusal} compact />
        <Group gap="clamp(16px, 4vw, 96px)" wrap="nowrap">
          <WallFigure
            label="Critical"
            value={open ? open.bySeverity.critical : '–'}
            tone={open?.bySeverity.critical ? 'bad' : 'muted'}
            testId="wall-alarms-critical"
          />
          <WallFigure
            label="Warning"
            value={open ? open.bySeverity.warning : '–'}
            tone={open?.bySeverity.warning ? 'warning' : 'muted'}
            testId="wall-alarms-warning"
          />
        </Group>
        <Stack gap={0} style={{ overflow: 'hidden' }}>
          {open?.entities.map((alarm) => (
            <WallRow key={alarm.id} testId={`wall-alarm-${alarm.id}`}>
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Box
                  w="0.6em"
                  h="0.6em"
                  style={{ borderRadius: '50%', background: WALL_TONES[TONES[alarm.severity]], flexShrink: 0 }}
                  aria-label={alarm.severity}
                />
                <Text inherit truncate>
                  {alarm.message}
                </Text>
              </Group>
              <Text
                inherit
                fw={800}
                c={WALL_TONES[TONES[alarm.severity]]}
                style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
                data-testid={`wall-alarm-${alarm.id}-age`}
              >
                {formatShortDuration(now - alarm.raisedAt)}
              </Text>
            </WallRow>
          ))}
          {open?.totalCount === 0 && (
            <Text fz="clamp(16px, 3vh, 52px)" c={WALL_TONES.good} fw={700} data-testid="wall-alarms-none">
              No open alarms
            </Text>
          )}
        </Stack>
      </Stack>
    </WallTileFrame>
  );
}
