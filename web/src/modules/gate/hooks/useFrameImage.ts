import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { gateQueryKeys } from '../utils/gateQueryKeys';

const FRAMES_PREFIX = 'frames/';

// A JPEG as a data URL: nothing to release when the frame is replaced (the cache drops it).
function dataUrlOf(bytes: ArrayBuffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The frame could not be read'));
    reader.readAsDataURL(new Blob([bytes], { type: 'image/jpeg' }));
  });
}

// A frame's JPEG through the typed client (the frame route), for an <img>. Frames never change, so
// they never go stale; a replaced frame leaves the cache a minute later.
export function useFrameImage(image: string | null): string | null {
  const { data } = useQuery({
    queryKey: gateQueryKeys.frameImage(image ?? ''),
    queryFn: async () => dataUrlOf(await api.ocr.frame({ params: { '*': (image ?? '').slice(FRAMES_PREFIX.length) } })),
    enabled: image !== null && image.startsWith(FRAMES_PREFIX),
    staleTime: Infinity,
    gcTime: 60_000,
  });
  return data ?? null;
}
