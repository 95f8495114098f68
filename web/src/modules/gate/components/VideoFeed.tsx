import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import type { Gate, IpcamCaptureResponse } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { useCameraFrames } from '../hooks/useCameraFrames';
import { offloadingDraftState } from '../states/offloadingDraftState';
import { CameraFrameCard } from './CameraFrameCard';

// The video feed collection (spec 1 §2): the latest frame of each camera of the gate, live. OCR of
// a frame fills the first container's number, size and type (spec 1 §7 "Video capture and OCR");
// another screen (the smart gate) passes its own `onOcr`.
export function VideoFeed({
  gate,
  onOcr,
}: {
  gate: Pick<Gate, 'id' | 'camConfig'>;
  onOcr?: (read: IpcamCaptureResponse['responseMap']) => void;
}) {
  const { query, refusal } = useCameraFrames(gate.id);
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const setOffloading = useSetAtom(offloadingDraftState);
  const frames = query.data?.frames ?? [];
  const fill = (read: IpcamCaptureResponse['responseMap']) =>
    setOffloading((draft) => ({
      ...draft,
      container1: {
        ...draft.container1,
        containerNumber: read.containerNumber || draft.container1.containerNumber,
        containerSize: read.containerSize || draft.container1.containerSize,
        containerType: read.containerType || draft.container1.containerType,
      },
    }));
  return (
    <Stack gap="xs" data-testid="gate-video-feed">
      <LiveUnavailableNotice refusal={refusal} compact />
      {gate.camConfig.length === 0 && (
        <Text size="sm" c="dimmed">
          This gate has no camera.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {gate.camConfig.map((camera) => {
          const frame = frames.find((shown) => shown.camera === camera.id);
          return frame ? (
            <CameraFrameCard
              key={camera.id}
              gateId={gate.id}
              label={camera.name}
              frame={frame}
              timeZone={timeZone}
              onOcr={onOcr ?? fill}
            />
          ) : (
            <Text key={camera.id} size="xs" c="dimmed" data-testid={`gate-camera-${camera.id}-none`}>
              {camera.name}: no frame yet
            </Text>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
