import { useCallback, useEffect, useState } from 'react';
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
  // The newest live message any gate's count holds (each row tells its own).
  const [liveAt, setLiveAt] = useState<number | null>(null);
  const heard = useCallback((at: number) => setLiveAt((newest) => Math.max(newest ?? at, at)), []);
  return (
    <WallTileFrame title="OCR queue" testId="wall-tile-ocr" liveAt={liveAt}>
      <Stack gap={0} style={{ overflow: 'hidden' }}>
        {(gates.data ?? []).map((gate) => (
          <OcrGateRow key={gate.id} gate={gate} onLiveAt={heard} />
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

function OcrGateRow({ gate, onLiveAt }: { gate: Gate; onLiveAt: (at: number) => void }) {
  const { count, refusal, liveAt } = usePendingCount(gate.id);
  useEffect(() => {
    if (liveAt !== null) onLiveAt(liveAt);
  }, [liveAt, onLiveAt]);
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
