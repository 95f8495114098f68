import { purgeSessionsJob } from './auth/purge-sessions.job';
import { deviceMessagesJob } from './devices/device-messages.jobs';
import { healthAgeingJob } from './devices/health-ageing.job';
import { purgeDeviceLogsJob } from './devices/purge-device-logs.job';
import { purgeExportsJob } from './exports/purge-exports.job';
import { analyzeEmbeddedJob } from './maintenance/analyze-embedded.job';
import { ocrFrameJob } from './ocr/ocr-frame.job';
import { purgeOcrFramesJob } from './ocr/purge-ocr-frames.job';
import type { JobDefinition } from './job';

// Every job name maps to exactly one processor; boot fails on a duplicate or a missing handler.
export const JOB_NAMES = [
  'DeviceMessages',
  'HealthAgeing',
  'PurgeDeviceLogs',
  'PurgeExports',
  'PurgeSessions',
  'OcrFrame',
  'PurgeOcrFrames',
  'AnalyzeEmbedded',
] as const;

export const JOBS: readonly JobDefinition[] = [
  deviceMessagesJob,
  healthAgeingJob,
  purgeDeviceLogsJob,
  purgeExportsJob,
  purgeSessionsJob,
  ocrFrameJob,
  purgeOcrFramesJob,
  analyzeEmbeddedJob,
];

export function validateRegistry(jobs: readonly JobDefinition[], names: readonly string[] = JOB_NAMES) {
  const seen = new Set<string>();
  for (const job of jobs) {
    if (seen.has(job.name)) throw new Error(`Job ${job.name} has more than one handler`);
    if (!/^[A-Z][A-Za-z0-9]+$/.test(job.name)) throw new Error(`Job name ${job.name} is not PascalCase`);
    seen.add(job.name);
  }
  for (const name of names) if (!seen.has(name)) throw new Error(`Job ${name} has no handler`);
  for (const name of seen) if (!names.includes(name)) throw new Error(`Job ${name} is not a declared job name`);
}
