import { Stack, Text } from '@mantine/core';
import type { Gate } from '@openyard/contracts';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { useGates } from '../../gate-readers/hooks/useGates';
import { usePendingCount } from '../../smart-gate/hooks/usePendingCount';
import { WALL_TONES } from './WallFigure';
import { WallRow, WallTileFrame } from './WallTileFrame';

// The OCR queue: the reads each gate's clerk has still to confirm, kept by the smart gate's own
// live count (topic `ocr:{gate}`).
export function OcrQueueTile() {
  const gates = useGates();
  return (
    <WallTileFrame title="OCR queue" testId="wall-tile-ocr">
      <Stack gap={0} style={{ overflow: 'hidden' }}>
        {(gates.data ?? []).map((gate) => (
          <OcrGateRow key={gate.id} gate={gate} />
        ))}
        {gates.data?.length === 0 && (
          <Text fz="clamp(16px, 3vh, 52px)" c="dimmed">
            No gates
          </Text>
        )}
      </Stack>
    </WallTileFrame>
  );
}

function OcrGateRow({ gate }: { gate: Gate }) {
  const { count, refusal } = usePendingCount(gate.id);
  const tone = count === null || count === 0 ? WALL_TONES.good : count >= 5 ? WALL_TONES.bad : WALL_TONES.warning;
  return (
    <>
      <LiveUnavailableNotice refusal={refusal} compact />
      <WallRow testId={`wall-ocr-${gate.id}`}>
        <Text inherit truncate>
          {gate.name}{' '}
          <Text span inherit c="dimmed">
            pending
          </Text>
        </Text>
        <Text
          inherit
          fw={800}
          c={tone}
          style={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid={`wall-ocr-${gate.id}-count`}
        >
          {count ?? '–'}
        </Text>
      </WallRow>
    </>
  );
}
