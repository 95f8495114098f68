import { Image, Skeleton } from '@mantine/core';
import { useFrameImage } from '../../gate/hooks/useFrameImage';
import { framePathOf } from '../utils/framePath';

// One processed image of the current OCR record (a frame path below the gate's frames).
export function RecordImage({ path, index }: { path: string; index: number }) {
  const url = useFrameImage(framePathOf(path));
  return url ? (
    <Image src={url} radius="sm" alt={`OCR image ${index + 1}`} data-testid={`igate-record-image-${index}`} />
  ) : (
    <Skeleton height={90} />
  );
}
