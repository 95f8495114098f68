import { Type, type Static } from 'typebox';
import { CameraName } from './gates';

// The smart gate's OCR queue (spec 2 §3): one record per truck visit of a gate, fused from the
// frames its cameras took within a short window.

export const OCR_RECORD_STATUSES = ['pending', 'acked', 'cleared'] as const;
export type OcrRecordStatus = (typeof OCR_RECORD_STATUSES)[number];

// One container of the visit as OCR read it: invalid reads carry their ranked candidates, so the
// operator can pick one instead of typing.
export const OcrContainer = Type.Object({
  containerNumber: Type.String(),
  valid: Type.Boolean(),
  corrected: Type.Boolean(),
  candidates: Type.Array(Type.String()),
  confidence: Type.Number(),
  sizeType: Type.Union([Type.String(), Type.Null()]),
  size: Type.Union([Type.Integer(), Type.Null()]),
  type: Type.Union([Type.String(), Type.Null()]),
});
export type OcrContainer = Static<typeof OcrContainer>;

export const OcrGatePass = Type.Object({ containerNumber: Type.String(), containerSize: Type.String() });

export const OcrRecordData = Type.Object({
  // The first container of the visit, compact (CSQU3054383); '' when nothing was read.
  containerNumber: Type.String(),
  // What the operator sees: every number of the visit as painted (CSQU 305438 3 / ...).
  containerToShow: Type.String(),
  // 'NA' means no trailer number.
  trailerNumber: Type.String(),
  // '20', '40' or '45' from the ISO size/type code or the yard's record; '' when unknown.
  size: Type.String(),
  // The container's process when the yard knows it (gate-out), else ''.
  process: Type.String(),
  // Paths of the visit's frames below /rest/enterprise/gate/.
  images: Type.Array(Type.String()),
  litmusResult: Type.Object({
    isValid: Type.Boolean(),
    gatePass: Type.Union([OcrGatePass, Type.Null()]),
  }),
  containers: Type.Array(OcrContainer),
  // 'Container number not detected from OCR.' when the visit gave no number; a corrupt image's reason.
  error: Type.Union([Type.String(), Type.Null()]),
});
export type OcrRecordData = Static<typeof OcrRecordData>;

export const OcrRecord = Type.Object({
  id: Type.Integer(),
  gateId: Type.Integer(),
  // When the visit's first frame was taken (epoch ms).
  timestamp: Type.Integer(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('acked'), Type.Literal('cleared')]),
  frames: Type.Integer(),
  data: OcrRecordData,
});
export type OcrRecord = Static<typeof OcrRecord>;

export const OcrGateQuery = Type.Object({ gateId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type OcrGateQuery = Static<typeof OcrGateQuery>;

export const OcrCountResponse = Type.Object({ count: Type.Integer() });
export type OcrCountResponse = Static<typeof OcrCountResponse>;

export const OcrQueuedResponse = Type.Object({ entities: Type.Array(OcrRecord), totalCount: Type.Integer() });
export type OcrQueuedResponse = Static<typeof OcrQueuedResponse>;

export const OcrAckInput = Type.Object(
  { gateId: Type.Integer({ minimum: 1 }), recordId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type OcrAckInput = Static<typeof OcrAckInput>;

// Purge of a gate's pending records; the reason is checked by the server for the spec's message.
export const OcrClearInput = Type.Object(
  { gateId: Type.Integer({ minimum: 1 }), comment: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
export type OcrClearInput = Static<typeof OcrClearInput>;

export const OcrClearResponse = Type.Object({ responsestatus: Type.String(), count: Type.Integer() });
export type OcrClearResponse = Static<typeof OcrClearResponse>;

// Spec 2 §3: the fields the gate screens compare between OCR's suggestion and what was used.
export const OCR_DIFF_FIELDS = [
  'containerNumber',
  'containerSize',
  'exitProcess',
  'exitTag',
  'exitTrailerTag',
  'trailerNumber',
] as const;
export type OcrDiffField = (typeof OCR_DIFF_FIELDS)[number];

export const OcrDiffEntry = Type.Object(
  {
    field: Type.Union([
      Type.Literal('containerNumber'),
      Type.Literal('containerSize'),
      Type.Literal('exitProcess'),
      Type.Literal('exitTag'),
      Type.Literal('exitTrailerTag'),
      Type.Literal('trailerNumber'),
    ]),
    suggested: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
    actual: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type OcrDiffEntry = Static<typeof OcrDiffEntry>;

export const OcrDiffInput = Type.Object(
  {
    gateId: Type.Integer({ minimum: 1 }),
    recordId: Type.Integer({ minimum: 1 }),
    differences: Type.Array(OcrDiffEntry, { minItems: 1, maxItems: OCR_DIFF_FIELDS.length }),
  },
  { additionalProperties: false },
);
export type OcrDiffInput = Static<typeof OcrDiffInput>;

export const IpcamCaptureQuery = Type.Object(
  { gateId: Type.Integer({ minimum: 1 }), camera: Type.Optional(CameraName) },
  { additionalProperties: false },
);
export type IpcamCaptureQuery = Static<typeof IpcamCaptureQuery>;

// Spec 1 §7 "Video capture and OCR": the latest frame of the camera and what OCR read on it.
export const IpcamCaptureResponse = Type.Object({
  responsestatus: Type.String(),
  responseMap: Type.Object({
    containerNumber: Type.String(),
    containerSize: Type.String(),
    containerType: Type.String(),
    camera: CameraName,
    image: Type.String(),
    capturedAt: Type.Integer(),
  }),
});
export type IpcamCaptureResponse = Static<typeof IpcamCaptureResponse>;

// HTTP upload of a frame by a camera that cannot publish over MQTT.
export const FrameUploadParams = Type.Object({ gateId: Type.Integer({ minimum: 1 }), camera: CameraName });
export const FrameUploadQuery = Type.Object(
  {
    messageId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' }),
    timestamp: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type FrameUploadQuery = Static<typeof FrameUploadQuery>;
export const FrameUploadResponse = Type.Object({ responsestatus: Type.String(), image: Type.String() });

// Gate cameras take at most 12 megapixels (4000 × 3000). A frame whose header says more is refused
// before it is decoded (the HTTP upload answers 413; the OCR worker's decoder has the same limit for
// frames that come over MQTT), so a small JPEG that declares 60,000 × 60,000 pixels (a decompression
// bomb) cannot take gigabytes of memory.
export const MAX_FRAME_PIXELS = 12_000_000;

// The width and height a JPEG's frame header (its first SOFn marker) declares, read without decoding;
// null when the bytes are not a JPEG or have no frame header.
export function jpegDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes, and markers without a length (TEM, RSTn).
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    // Start of scan or end of image before any frame header: none.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (offset + 9 > bytes.length) return null;
      return {
        height: (bytes[offset + 5]! << 8) | bytes[offset + 6]!,
        width: (bytes[offset + 7]! << 8) | bytes[offset + 8]!,
      };
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

// Frame images are stored below DATA_DIR as frames/<gateId>/<yyyy-mm-dd>/<name>.jpg and served
// from /rest/enterprise/gate/<that path>; nothing else may be asked for.
export const FRAME_PATH_PATTERN = /^frames\/[1-9]\d{0,9}\/\d{4}-\d{2}-\d{2}\/[A-Za-z0-9_-]{1,120}\.jpg$/;
export function isFramePath(path: string): boolean {
  return FRAME_PATH_PATTERN.test(path);
}

// The gate screen's video feed (spec 1 §2 "video feed collection", issue 15): the latest frame of
// each camera of a gate, and a box the clerk drew on it, kept beside the frame.

// A box in fractions of the image (0–1), so that it fits the frame at any displayed size.
export const FrameBox = Type.Object(
  {
    x: Type.Number({ minimum: 0, maximum: 1 }),
    y: Type.Number({ minimum: 0, maximum: 1 }),
    width: Type.Number({ minimum: 0, maximum: 1 }),
    height: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { additionalProperties: false },
);
export type FrameBox = Static<typeof FrameBox>;
export const FRAME_BOXES_MAX = 20;

export const FrameAnnotation = Type.Object({
  boxes: Type.Array(FrameBox),
  updatedAt: Type.Integer(),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
export type FrameAnnotation = Static<typeof FrameAnnotation>;

export const CameraFrame = Type.Object({
  gateId: Type.Integer(),
  camera: CameraName,
  // The frame's path below /rest/enterprise/gate/ (frames/<gate>/<day>/<name>.jpg).
  image: Type.String(),
  capturedAt: Type.Integer(),
  annotation: Type.Union([FrameAnnotation, Type.Null()]),
});
export type CameraFrame = Static<typeof CameraFrame>;

export const LatestFramesQuery = Type.Object({ gateId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
// One entry per camera of the gate that has taken a frame, in the gate's camera order.
export const LatestFramesResponse = Type.Object({ frames: Type.Array(CameraFrame) });
export type LatestFramesResponse = Static<typeof LatestFramesResponse>;

export const FrameAnnotationInput = Type.Object(
  {
    gateId: Type.Integer({ minimum: 1 }),
    image: Type.String({ maxLength: 200, pattern: FRAME_PATH_PATTERN.source }),
    boxes: Type.Array(FrameBox, { maxItems: FRAME_BOXES_MAX }),
  },
  { additionalProperties: false },
);
export type FrameAnnotationInput = Static<typeof FrameAnnotationInput>;
