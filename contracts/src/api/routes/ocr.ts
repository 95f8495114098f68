import { Type } from 'typebox';
import { StatusResponse } from '../../common';
import {
  FrameUploadParams,
  FrameUploadQuery,
  FrameAnnotation,
  FrameAnnotationInput,
  FrameUploadResponse,
  IpcamCaptureQuery,
  IpcamCaptureResponse,
  LatestFramesQuery,
  LatestFramesResponse,
  OcrAckInput,
  OcrClearInput,
  OcrClearResponse,
  OcrCountResponse,
  OcrDiffInput,
  OcrGateQuery,
  OcrQueuedResponse,
  OcrRecord,
} from '../../ocr';
import { defineRoute } from '../route';

// The smart gate screens (spec 2) work the OCR queue: everyone who sees the gate screens
// (gate-in and gate-out users, admins) reads, acknowledges, reports differences and purges with a
// reason. The smart gate feature switch turns the OCR queue's calls off; the video feed of the gate
// screen (spec 1 §2, §7 "Video capture and OCR": latest frames, frame images, annotations, capture)
// is the gate clerk's and works without it (its frames come from the OCR pipeline of the workers).
const gate = { flag: 'gateVisible' } as const;
const feature = 'smartGateEnabled';
const tags = ['smart gate'];

export const ocr = {
  next: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/ocr/next',
    query: OcrGateQuery,
    response: OcrRecord,
    access: gate,
    feature,
    tags,
  }),
  count: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/ocr/count',
    query: OcrGateQuery,
    response: OcrCountResponse,
    access: gate,
    feature,
    tags,
  }),
  queued: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/queued',
    query: OcrGateQuery,
    response: OcrQueuedResponse,
    access: gate,
    feature,
    tags,
  }),
  ack: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/gate/ocr/ack',
    body: OcrAckInput,
    response: StatusResponse,
    access: gate,
    feature,
    tags,
  }),
  clear: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/gate/ocr/clear',
    body: OcrClearInput,
    response: OcrClearResponse,
    access: gate,
    feature,
    tags,
  }),
  reportDifferences: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate/ocr-diff',
    body: OcrDiffInput,
    response: StatusResponse,
    access: gate,
    feature,
    tags,
  }),
  capture: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/ipcam/capture',
    query: IpcamCaptureQuery,
    response: IpcamCaptureResponse,
    access: gate,
    tags,
  }),
  // Frame images by the paths the records list (frames/<gate>/<day>/<name>.jpg): the JPEG's bytes.
  frame: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/frames/*',
    // `*` is the frame path; a record, as the server's schema compiler takes no `*` property name.
    params: Type.Record(Type.String(), Type.String()),
    response: Type.Unsafe<ArrayBuffer>({ type: 'string', format: 'binary' }),
    responseKind: 'bytes',
    access: gate,
    tags,
  }),
  latestFrames: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/feed/latest',
    query: LatestFramesQuery,
    response: LatestFramesResponse,
    access: gate,
    tags,
    summary: "The latest frame of each camera of the gate, with the clerk's annotation",
  }),
  saveAnnotation: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/gate/feed/annotation',
    body: FrameAnnotationInput,
    response: FrameAnnotation,
    access: gate,
    tags,
    summary: 'Boxes drawn on a frame, kept beside it (an empty list removes them)',
  }),
};

// Cameras that cannot publish over MQTT upload JPEGs with their own device login (HTTP Basic,
// camera-<gateId>, checked by the server), not a user session. The body is the JPEG itself
// (image/jpeg), not JSON: a camera sends it over HTTP, not through the typed client.
export const cameras = {
  uploadFrame: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate/:gateId/camera/:camera/frame',
    params: FrameUploadParams,
    query: FrameUploadQuery,
    response: FrameUploadResponse,
    access: { public: true },
    feature,
    tags,
  }),
};
