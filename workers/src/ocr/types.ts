// The OCR engine's contract with the OCR queue (workers/src/ocr/index.ts re-exports it).
export interface ContainerRead {
  number: string;
  valid: boolean;
  // A valid number obtained by the one unique correction of the read (O/0, I/1, B/8 ...).
  corrected: boolean;
  // Valid numbers the read may be, most likely first (empty when none could be found).
  candidates: string[];
  confidence: number;
  sizeType?: string;
  size?: 20 | 40 | 45;
  // ISO 6346 type group, e.g. 'General purpose', 'Reefer'.
  type?: string;
}

export interface FrameRead {
  // Best first; empty when no container number was found.
  containers: ContainerRead[];
  // Time inside the detection and recognition networks.
  modelMs: number;
  // Decoding, networks and the container logic together.
  totalMs: number;
}

export interface OcrEngine {
  readFrame(jpeg: Buffer): Promise<FrameRead>;
  close(): Promise<void>;
}

export interface VisitRead {
  containers: ContainerRead[];
}
