import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { gateQueryKeys } from '../utils/gateQueryKeys';

const FRAMES_PREFIX = 'frames/';

// A frame's JPEG through the typed client (the frame route), as an object URL for an <img>; the
// URL is released when another frame replaces it. Frames never change, so they never go stale.
export function useFrameImage(image: string | null): string | null {
  const { data } = useQuery({
    queryKey: gateQueryKeys.frameImage(image ?? ''),
    queryFn: () => api.ocr.frame({ params: { '*': (image ?? '').slice(FRAMES_PREFIX.length) } }),
    enabled: image !== null && image.startsWith(FRAMES_PREFIX),
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return;
    const next = URL.createObjectURL(new Blob([data], { type: 'image/jpeg' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [data]);
  return url;
}
