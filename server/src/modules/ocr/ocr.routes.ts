import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ErrorResponse,
  FrameUploadParams,
  FrameUploadQuery,
  FrameUploadResponse,
  IpcamCaptureQuery,
  IpcamCaptureResponse,
  OcrAckInput,
  OcrClearInput,
  OcrClearResponse,
  OcrCountResponse,
  OcrDiffInput,
  OcrGateQuery,
  OcrQueuedResponse,
  OcrRecord,
  StatusResponse,
  deviceUsername,
  isFramePath,
  messages,
} from '@openyard/contracts';
import type { Blobs } from '../../adapters/blobs';
import type { Queue } from '../../adapters/queue';
import { AppError, badRequest, notFound, unauthenticated } from '../../errors';
import type { DeviceAuthenticator } from '../device-logins';
import { takeFrame } from './ocr-frames';
import type { OcrService } from './ocr.service';

// The smart gate screens (spec 2) work the OCR queue: everyone who sees the gate screens
// (gate-in and gate-out users, admins) reads, acknowledges, reports differences and purges with a
// reason; every change records who made it.
const gate = { flag: 'gateVisible' } as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['smart gate'];

function basicCredentials(request: FastifyRequest): { username: string; password: string } | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) } : null;
}

export const ocrRoutes: FastifyPluginAsyncTypebox<{
  ocr: OcrService;
  blobs: Blobs;
  devices: DeviceAuthenticator;
  // Where uploaded frames are queued; without one (tests of the API alone) there is no upload route.
  ocrQueue: Queue | undefined;
  smartGateEnabled: boolean;
  maxFrameBytes: number;
}> = async (app, { ocr, blobs, devices, ocrQueue, smartGateEnabled, maxFrameBytes }) => {
  // The smart gate feature switch turns its calls off.
  app.addHook('onRequest', async () => {
    if (!smartGateEnabled) throw new AppError(403, 'LOCKED_FEATURE', messages.smartGateDisabled);
  });

  app.get(
    '/rest/enterprise/gate/ocr/next',
    { config: { access: gate }, schema: { tags, querystring: OcrGateQuery, response: { 200: OcrRecord, ...errors } } },
    (request) => ocr.next(request.query.gateId),
  );
  app.get(
    '/rest/enterprise/gate/ocr/count',
    {
      config: { access: gate },
      schema: { tags, querystring: OcrGateQuery, response: { 200: OcrCountResponse, ...errors } },
    },
    async (request) => ({ count: await ocr.count(request.query.gateId) }),
  );
  app.get(
    '/rest/enterprise/gate/queued',
    {
      config: { access: gate },
      schema: { tags, querystring: OcrGateQuery, response: { 200: OcrQueuedResponse, ...errors } },
    },
    (request) => ocr.queued(request.query.gateId),
  );
  app.put(
    '/rest/enterprise/gate/ocr/ack',
    { config: { access: gate }, schema: { tags, body: OcrAckInput, response: { 200: StatusResponse, ...errors } } },
    async (request) => {
      await ocr.ack(request.body.gateId, request.body.recordId, request.principal?.userId ?? null);
      return { responsestatus: 'success' };
    },
  );
  app.put(
    '/rest/enterprise/gate/ocr/clear',
    {
      config: { access: gate },
      schema: { tags, body: OcrClearInput, response: { 200: OcrClearResponse, ...errors } },
    },
    async (request) => ({
      responsestatus: 'success',
      count: await ocr.clear(request.body.gateId, request.body.comment, request.principal?.userId ?? null),
    }),
  );
  app.post(
    '/rest/enterprise/gate/ocr-diff',
    { config: { access: gate }, schema: { tags, body: OcrDiffInput, response: { 200: StatusResponse, ...errors } } },
    async (request) => {
      await ocr.reportDifferences(request.body, request.principal?.userId ?? null);
      return { responsestatus: 'success' };
    },
  );
  app.get(
    '/rest/enterprise/gate/ipcam/capture',
    {
      config: { access: gate },
      schema: { tags, querystring: IpcamCaptureQuery, response: { 200: IpcamCaptureResponse, ...errors } },
    },
    (request) => ocr.capture(request.query.gateId, request.query.camera),
  );

  // Frame images, by the paths the records list (frames/<gate>/<day>/<name>.jpg). The pattern
  // admits nothing else, so no path can leave the frames folder.
  app.get(
    '/rest/enterprise/gate/frames/*',
    {
      config: { access: gate },
      schema: {
        tags,
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errors },
      },
    },
    async (request, reply) => {
      const path = `frames/${(request.params as { '*': string })['*']}`;
      if (!isFramePath(path)) throw notFound();
      const jpeg = await blobs.get(path);
      if (!jpeg) throw notFound();
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(jpeg);
    },
  );

  // Cameras that cannot publish over MQTT upload JPEGs here with their own device login
  // (HTTP Basic, camera-<gateId> and the password shown when the gate was made), the same login
  // the broker takes. No user session: a camera is a device, not a person, and a gate's login
  // can upload only for that gate.
  if (!ocrQueue) return;
  const queue = ocrQueue;
  app.addContentTypeParser(
    ['image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: maxFrameBytes },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/rest/enterprise/gate/:gateId/camera/:camera/frame',
    {
      config: { access: { public: true } },
      bodyLimit: maxFrameBytes,
      schema: {
        tags,
        params: FrameUploadParams,
        querystring: FrameUploadQuery,
        response: { 200: FrameUploadResponse, ...errors },
      },
      onRequest: async (request) => {
        const credentials = basicCredentials(request);
        const { gateId } = request.params as unknown as { gateId: string };
        if (!credentials || credentials.username !== deviceUsername('camera', Number(gateId))) throw unauthenticated();
        const login = await devices.login(credentials.username, credentials.password, request.ip);
        if (login === 'throttled') throw new AppError(429, 'RATE_LIMITED', messages.deviceLoginRateLimited);
        if (login !== 'accepted') throw unauthenticated();
      },
    },
    async (request) => {
      const jpeg = request.body;
      if (!Buffer.isBuffer(jpeg) || jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8 || jpeg[2] !== 0xff)
        throw badRequest(messages.ocrUploadNotJpeg);
      const { gateId, camera } = request.params;
      const { messageId } = request.query;
      if (!(await ocr.checkFrame({ gateId, camera, messageId })))
        throw badRequest(messages.ocrCameraNotConfigured(camera, gateId));
      const job = await takeFrame(blobs, queue, {
        gateId,
        camera,
        messageId,
        timestamp: request.query.timestamp ?? Date.now(),
        jpeg,
      });
      return { responsestatus: 'success', image: job.image };
    },
  );
};
