import { useMemo } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';
import type { MachineColour } from '@openyard/contracts';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { liveAtOf } from '../../../live/utils/liveAt';
import { useMachines } from '../../machines/hooks/useMachines';
import { useMachinesLive } from '../../machines/hooks/useMachinesLive';
import { MARKER_COLOURS } from '../../machines/utils/markerColours';
import { machineStatusSummary } from '../utils/machineStatusSummary';
import { WALL_TONES, WallFigure, type WallTone } from './WallFigure';
import { WallRow, WallTileFrame } from './WallTileFrame';

const TONES: Record<MachineColour, WallTone> = { red: 'bad', orange: 'warning', green: 'good', grey: 'muted' };

// Machine status: how many are broken down (red), gone quiet for 5 minutes (orange) and live
// (green), from the machines screen's live list, and the machines, those needing attention first.
export function MachinesTile() {
  const machines = useMachines();
  const refusal = useMachinesLive();
  const summary = useMemo(() => machineStatusSummary(machines.data ?? []), [machines.data]);
  return (
    <WallTileFrame title="Machines" testId="wall-tile-machines" liveAt={liveAtOf(machines.data)}>
      <Stack gap="sm" h="100%">
        <LiveUnavailableNotice refusal={refusal} compact />
        <Group gap="clamp(16px, 4vw, 96px)" wrap="nowrap">
          <WallFigure label="Break-down" value={summary.counts.red} tone="bad" testId="wall-machines-red" />
          <WallFigure
            label="No data 5 min"
            value={summary.counts.orange}
            tone="warning"
            testId="wall-machines-orange"
          />
          <WallFigure label="Live" value={summary.counts.green} tone="good" testId="wall-machines-green" />
        </Group>
        <Stack gap={0} style={{ overflow: 'hidden' }}>
          {summary.machines.map((machine) => (
            <WallRow key={machine.id} testId={`wall-machine-${machine.id}`}>
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Box
                  w="0.6em"
                  h="0.6em"
                  style={{ borderRadius: '50%', background: WALL_TONES[TONES[machine.status]], flexShrink: 0 }}
                />
                <Text inherit truncate>
                  {machine.machineName}
                </Text>
              </Group>
              <Text inherit c={WALL_TONES[TONES[machine.status]]} fw={700}>
                {machine.status === 'red' ? machine.machineStatus : MARKER_COLOURS[machine.status].meaning}
              </Text>
            </WallRow>
          ))}
        </Stack>
      </Stack>
    </WallTileFrame>
  );
}
