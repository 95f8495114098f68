import { defineJob } from '../job';

// Reads one camera frame on an OCR thread and adds it to its truck visit's OCR queue record.
export const ocrFrameJob = defineJob({
  name: 'OcrFrame',
  async run(frame, { ocr, config, metrics }) {
    if (!config.features.smartGateEnabled) return ocr.blobs.delete(frame.image);
    // A retry after the commit, or a frame queued twice, is read once.
    if (await ocr.service.alreadyRecorded(frame.gateId, frame.messageId)) return;
    if (!(await ocr.service.checkFrame(frame))) return ocr.blobs.delete(frame.image);
    const jpeg = await ocr.blobs.get(frame.image);
    if (!jpeg)
      throw new Error(
        `Frame ${frame.image} is not in DATA_DIR; with server and workers on separate machines DATA_DIR must be shared storage`,
      );
    const reading = metrics?.ocrRead.startTimer();
    const outcome = await ocr.reader.read(jpeg);
    reading?.();
    await ocr.service.recordFrame(
      {
        gateId: frame.gateId,
        camera: frame.camera,
        messageId: frame.messageId,
        capturedAt: new Date(frame.timestamp),
        image: frame.image,
        read: outcome.ok ? outcome.read : null,
        error: outcome.ok ? null : outcome.imageError,
      },
      ocr.fuse,
    );
  },
});
