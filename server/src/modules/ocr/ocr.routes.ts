import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deviceUsername, isFramePath, jpegDimensions, MAX_FRAME_PIXELS, messages, routes } from '@openyard/contracts';
import type { Blobs } from '../../adapters/blobs';
import type { Queue } from '../../adapters/queue';
import { AppError, badRequest, notFound, unauthenticated } from '../../errors';
import { registerRoutes } from '../../lib/routes';
import type { DeviceAuthenticator } from '../device-logins';
import { readFrameAnnotation, saveFrameAnnotation, takeFrame } from './ocr-frames';
import type { OcrService } from './ocr.service';

function basicCredentials(request: FastifyRequest): { username: string; password: string } | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) } : null;
}

// The smart gate calls of the catalogue (contracts/src/api/routes/ocr.ts). The smart gate feature
// switch is on their declarations (checked by the access plugin); every change records who made it.
export async function ocrRoutes(
  app: FastifyInstance,
  {
    ocr,
    blobs,
    devices,
    ocrQueue,
    maxFrameBytes,
  }: {
    ocr: OcrService;
    blobs: Blobs;
    devices: DeviceAuthenticator;
    // Where uploaded frames are queued; without one (tests of the API alone) there is no upload route.
    ocrQueue: Queue | undefined;
    maxFrameBytes: number;
  },
) {
  registerRoutes(app, routes.ocr, {
    next: (request) => ocr.next(request.query.gateId),
    count: async (request) => ({ count: await ocr.count(request.query.gateId) }),
    queued: (request) => ocr.queued(request.query.gateId),
    ack: async (request) => {
      await ocr.ack(request.body.gateId, request.body.recordId, request.principal?.userId ?? null);
      return { responsestatus: 'success' };
    },
    clear: async (request) => ({
      responsestatus: 'success',
      count: await ocr.clear(request.body.gateId, request.body.comment, request.principal?.userId ?? null),
    }),
    reportDifferences: async (request) => {
      await ocr.reportDifferences(request.body, request.principal?.userId ?? null);
      return { responsestatus: 'success' };
    },
    capture: (request) => ocr.capture(request.query.gateId, request.query.camera),
    latestFrames: async (request) => {
      const frames = await ocr.latestFrames(request.query.gateId);
      return {
        frames: await Promise.all(
          frames.map(async (frame) => ({ ...frame, annotation: await readFrameAnnotation(blobs, frame.image) })),
        ),
      };
    },
    saveAnnotation: async (request) => {
      const { gateId, image, boxes } = request.body;
      if (!(await ocr.isFrameOf(gateId, image))) throw notFound(messages.ocrNoFrame);
      return saveFrameAnnotation(blobs, image, boxes, request.principal?.username ?? null);
    },
    // The pattern of frame paths admits nothing else, so no path can leave the frames folder.
    frame: async (request, reply) => {
      const path = `frames/${request.params['*'] ?? ''}`;
      if (!isFramePath(path)) throw notFound();
      const jpeg = await blobs.get(path);
      if (!jpeg) throw notFound();
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(jpeg);
    },
  });

  // Cameras upload with their own device login (HTTP Basic, camera-<gateId> and the password
  // shown when the gate was made), the same login the broker takes, checked before the body is
  // read. No user session: a camera is a device, not a person, and a gate's login can upload only
  // for that gate.
  if (!ocrQueue) return;
  const queue = ocrQueue;
  app.addContentTypeParser(
    ['image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: maxFrameBytes },
    (_request, body, done) => done(null, body),
  );
  registerRoutes(
    app,
    routes.cameras,
    {
      uploadFrame: async (request) => {
        const jpeg = request.body;
        const size = Buffer.isBuffer(jpeg) ? jpegDimensions(jpeg) : null;
        if (!Buffer.isBuffer(jpeg) || !size) throw badRequest(messages.ocrUploadNotJpeg);
        if (size.width * size.height > MAX_FRAME_PIXELS)
          throw new AppError(413, 'BAD_REQUEST', messages.ocrFrameTooLarge(size.width, size.height, MAX_FRAME_PIXELS));
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
    },
    {
      uploadFrame: {
        bodyLimit: maxFrameBytes,
        onRequest: async (request) => {
          const credentials = basicCredentials(request);
          const { gateId } = request.params as { gateId: string };
          if (!credentials || credentials.username !== deviceUsername('camera', Number(gateId)))
            throw unauthenticated();
          const login = await devices.login(credentials.username, credentials.password, request.ip);
          if (login === 'throttled') throw new AppError(429, 'RATE_LIMITED', messages.deviceLoginRateLimited);
          if (login !== 'accepted') throw unauthenticated();
        },
      },
    },
  );
}
