import type { CameraFrame, LatestFramesResponse } from '@openyard/contracts';

// The feed with a newly stored frame: it replaces its camera's frame when newer (a late delivery
// of an older frame changes nothing); a camera's first frame joins the list.
export function withLatestFrame(
  feed: LatestFramesResponse,
  frame: Omit<CameraFrame, 'annotation'>,
): LatestFramesResponse {
  const current = feed.frames.find((shown) => shown.camera === frame.camera);
  if (current && current.capturedAt > frame.capturedAt) return feed;
  if (current?.image === frame.image) return feed;
  const next = { ...frame, annotation: null };
  return {
    frames: current
      ? feed.frames.map((shown) => (shown.camera === frame.camera ? next : shown))
      : [...feed.frames, next],
  };
}
