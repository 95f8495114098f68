import { useRef, useState, type MouseEvent, type WheelEvent } from 'react';
import { Badge, Box, Button, Card, Center, Group, Image, Text } from '@mantine/core';
import { IconScan, IconSquare, IconZoomIn } from '@tabler/icons-react';
import type { CameraFrame, FrameBox, IpcamCaptureResponse } from '@openyard/contracts';
import { api } from '../../../api/http';
import { AppModal } from '../../../ui/AppModal';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { notifyAlert } from '../../../ui/notifyAlert';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { formatDateTime } from '../../../ui/formatDateTime';
import { useFrameImage } from '../hooks/useFrameImage';
import { boxFromDrag, type Point } from '../utils/boxFromDrag';
import { gateQueryKeys } from '../utils/gateQueryKeys';
import { FrameBoxes } from './FrameBoxes';

const MAX_ZOOM = 5;

// One camera of the video feed (spec 1 §2): its latest frame, a click to enlarge with wheel zoom,
// a box drawn with the mouse (kept beside the frame on the server), and OCR of the frame.
export function CameraFrameCard({
  gateId,
  label,
  frame,
  timeZone,
  onOcr,
}: {
  gateId: number;
  label: string;
  frame: CameraFrame;
  timeZone: string | undefined;
  onOcr: (read: IpcamCaptureResponse['responseMap']) => void;
}) {
  const url = useFrameImage(frame.image);
  const [drawing, setDrawing] = useState(false);
  const [drag, setDrag] = useState<{ start: Point; end: Point } | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const [zoom, setZoom] = useState({ scale: 1, origin: '50% 50%' });
  const [reading, setReading] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const boxes = frame.annotation?.boxes ?? [];
  const testId = `gate-camera-${frame.camera}`;

  const save = useNotifyingMutation({
    mutationFn: (next: FrameBox[]) => api.ocr.saveAnnotation({ body: { gateId, image: frame.image, boxes: next } }),
    invalidates: [gateQueryKeys.frames(gateId)],
  });

  const pointOf = (event: MouseEvent): Point => {
    const rect = area.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0, y: 0 };
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };
  const finish = () => {
    const box = drag ? boxFromDrag(drag.start, drag.end) : null;
    setDrag(null);
    if (box) save.mutate([...boxes, box]);
  };
  const readFrame = async () => {
    setReading(true);
    try {
      const answer = await api.ocr.capture({ query: { gateId, camera: frame.camera } }, { action: true });
      onOcr(answer.responseMap);
    } catch (error) {
      notifyAlert(errorMessageOf(error));
    } finally {
      setReading(false);
    }
  };
  const wheel = (event: WheelEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const origin = `${((event.clientX - rect.left) / rect.width) * 100}% ${((event.clientY - rect.top) / rect.height) * 100}%`;
    setZoom((current) => ({
      scale: Math.min(MAX_ZOOM, Math.max(1, current.scale * (event.deltaY < 0 ? 1.2 : 1 / 1.2))),
      origin,
    }));
  };
  const pending = drag ? boxFromDrag(drag.start, drag.end, 0) : null;

  return (
    <Card withBorder padding="xs" data-testid={testId}>
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text size="sm" fw={600} truncate>
          {label}
        </Text>
        <Badge size="xs" variant="light" data-testid={`${testId}-time`}>
          {formatDateTime(frame.capturedAt, timeZone)}
        </Badge>
      </Group>
      <Box
        ref={area}
        pos="relative"
        style={{ cursor: drawing ? 'crosshair' : 'zoom-in', userSelect: 'none', lineHeight: 0 }}
        onMouseDown={(event) => {
          if (!drawing) return;
          event.preventDefault();
          const start = pointOf(event);
          setDrag({ start, end: start });
        }}
        onMouseMove={(event) => drag && setDrag({ ...drag, end: pointOf(event) })}
        onMouseUp={() => drawing && finish()}
        onMouseLeave={() => drag && finish()}
        onClick={() => !drawing && setZoomed(true)}
        data-testid={`${testId}-frame`}
      >
        {url ? (
          <Image src={url} alt={`${label}, latest frame`} draggable={false} data-testid={`${testId}-image`} />
        ) : (
          <Center h={120}>
            <Text size="xs" c="dimmed">
              Loading frame…
            </Text>
          </Center>
        )}
        <FrameBoxes boxes={boxes} testId={`${testId}-box`} />
        {pending && <FrameBoxes boxes={[pending]} testId={`${testId}-drawing`} />}
      </Box>
      <Group gap={4} mt={6}>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconZoomIn size={12} />}
          onClick={() => setZoomed(true)}
          data-testid={`${testId}-zoom`}
        >
          Zoom
        </Button>
        <Button
          size="compact-xs"
          variant={drawing ? 'filled' : 'light'}
          leftSection={<IconSquare size={12} />}
          onClick={() => setDrawing((current) => !current)}
          aria-pressed={drawing}
          data-testid={`${testId}-annotate`}
        >
          {drawing ? 'Drawing: drag on the frame' : 'Draw box'}
        </Button>
        {boxes.length > 0 && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={() => save.mutate([])}
            data-testid={`${testId}-clear-boxes`}
          >
            Clear boxes
          </Button>
        )}
        <Button
          size="compact-xs"
          leftSection={<IconScan size={12} />}
          loading={reading}
          onClick={() => void readFrame()}
          data-testid={`${testId}-ocr`}
        >
          OCR
        </Button>
      </Group>
      <AppModal
        opened={zoomed}
        onClose={() => {
          setZoomed(false);
          setZoom({ scale: 1, origin: '50% 50%' });
        }}
        title={`${label} — wheel to zoom`}
        size="xl"
        centered
      >
        <Box style={{ overflow: 'hidden', lineHeight: 0 }} onWheel={wheel} data-testid={`${testId}-zoomed`}>
          <Box pos="relative" style={{ transform: `scale(${zoom.scale})`, transformOrigin: zoom.origin }}>
            {url && <Image src={url} alt={`${label}, enlarged`} draggable={false} />}
            <FrameBoxes boxes={boxes} testId={`${testId}-zoomed-box`} />
          </Box>
        </Box>
      </AppModal>
    </Card>
  );
}
