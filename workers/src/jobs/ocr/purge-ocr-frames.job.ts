import { defineJob } from '../job';

// Keeps the frame images bounded: day folders (frames/<gate>/<yyyy-mm-dd>) older than
// OCR_FRAME_RETENTION_DAYS are deleted. Records and reads stay; their old images are gone.
export const purgeOcrFramesJob = defineJob({
  name: 'PurgeOcrFrames',
  everyMs: () => 60 * 60_000,
  async run(_data, { config, ocr, logger }) {
    const cutoff = new Date(Date.now() - config.ocr.frameRetentionDays * 24 * 60 * 60_000).toISOString().slice(0, 10);
    let removed = 0;
    for (const gate of await ocr.blobs.list('frames')) {
      if (!/^[1-9]\d*$/.test(gate)) continue;
      for (const day of await ocr.blobs.list(`frames/${gate}`)) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day >= cutoff) continue;
        await ocr.blobs.deleteFolder(`frames/${gate}/${day}`);
        removed += 1;
      }
    }
    if (removed > 0) logger.info({ removed }, 'purged old camera frame folders');
  },
});
