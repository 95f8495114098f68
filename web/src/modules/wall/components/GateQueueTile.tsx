import { useMemo } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';
import type { HealthStatus } from '@openyard/contracts';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { liveAtOf } from '../../../live/utils/liveAt';
import { useNow } from '../../allocations/hooks/useNow';
import { useTrucksInside } from '../../gate/hooks/useTrucksInside';
import { formatShortDuration } from '../../gate/utils/formatDuration';
import { useGates } from '../../gate-readers/hooks/useGates';
import { useGatesLive } from '../../gate-readers/hooks/useGatesLive';
import { WALL_TONES, WallFigure, type WallTone } from './WallFigure';
import { WallRow, WallTileFrame } from './WallTileFrame';

const HEALTH_TONES: Record<HealthStatus, WallTone> = { OK: 'good', Idle: 'warning', NOK: 'bad' };

// The gate's queue: trucks inside the yard (the gate screen's live truck visits, every gate's), the
// longest of them inside, and per gate its trucks and its readers' health (the gates' live data).
export function GateQueueTile() {
  const gates = useGates();
  const gatesRefusal = useGatesLive();
  const trucks = useTrucksInside('all');
  const now = useNow(15_000);
  const visits = useMemo(() => trucks.query.data?.visits ?? [], [trucks.query.data]);
  const byGate = useMemo(() => {
    const counts = new Map<number, number>();
    for (const visit of visits)
      if (visit.gateId !== null) counts.set(visit.gateId, (counts.get(visit.gateId) ?? 0) + 1);
    return counts;
  }, [visits]);
  const longest = visits.reduce((oldest, visit) => Math.min(oldest, visit.entryDate), Infinity);
  return (
    <WallTileFrame title="Gate queue" testId="wall-tile-gate" liveAt={liveAtOf(trucks.query.data, gates.data)}>
      <Stack gap="sm" h="100%">
        <LiveUnavailableNotice refusal={trucks.refusal ?? gatesRefusal} compact />
        <Group gap="clamp(16px, 4vw, 96px)" wrap="nowrap">
          <WallFigure label="Trucks inside" value={trucks.query.data ? visits.length : '–'} testId="wall-gate-trucks" />
          <WallFigure
            label="Longest inside"
            value={Number.isFinite(longest) ? formatShortDuration(now - longest) : '–'}
            testId="wall-gate-longest"
          />
        </Group>
        <Stack gap={0} style={{ overflow: 'hidden' }}>
          {(gates.data ?? []).map((gate) => (
            <WallRow key={gate.id} testId={`wall-gate-${gate.id}`}>
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Box
                  w="0.6em"
                  h="0.6em"
                  style={{
                    borderRadius: '50%',
                    background: WALL_TONES[HEALTH_TONES[gate.healthStatus]],
                    flexShrink: 0,
                  }}
                  aria-label={`Readers ${gate.healthStatus}`}
                />
                <Text inherit truncate>
                  {gate.name}{' '}
                  <Text span inherit c="dimmed">
                    {gate.type}
                  </Text>
                </Text>
              </Group>
              <Text
                inherit
                fw={800}
                style={{ fontVariantNumeric: 'tabular-nums' }}
                data-testid={`wall-gate-${gate.id}-trucks`}
              >
                {byGate.get(gate.id) ?? 0}
              </Text>
            </WallRow>
          ))}
        </Stack>
      </Stack>
    </WallTileFrame>
  );
}
