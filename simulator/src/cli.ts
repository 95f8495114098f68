import { parseArgs } from 'node:util';
import { PUBLISH_KINDS, type PublishKind } from './connection';
import { readDevicesFile } from './devices-file';
import { DEFAULT_RATE, runSimulator, type SimulatorStats } from './run';

const USAGE = `Usage: npm run simulate -- [options]

Virtual yard devices (RFID readers, gate cameras, machines, ITVs) publishing over MQTT.

  --url <mqtt-url>      broker (default mqtt://127.0.0.1:1883)
  --devices <file>      devices file the server writes in demo mode (default ./data/demo-devices.json)
  --api <url>           server, for the yard's area corners (default http://localhost:3000)
  --rate <msgs/s>       messages per second in total (default ${DEFAULT_RATE})
  --duration <seconds>  stop after this long (default 300, at most 3600)
  --frames <dir>        send the JPEGs of this folder, grouped as truck visits, instead of rendered frames
  --machines <n>        use only the first n machines of the file
  --user <name>         with --password: the machines work their task queues, asked as this user
  --password <secret>   that user's password
  --help`;

const MAX_DURATION_SECONDS = 3600;
const REPORT_EVERY_MS = 10_000;

const SHORT_NAMES: Record<PublishKind, string> = {
  readerTag: 'tags',
  readerStatus: 'heartbeats',
  machineTelemetry: 'telemetry',
  machineEvent: 'events',
  itvPosition: 'itv',
  cameraFrame: 'frames',
};

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function positiveNumber(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) fail(`${flag} must be a number above 0, got "${value}"`);
  return number;
}

function summary(stats: SimulatorStats, running: boolean): string {
  const seconds = Math.round(stats.elapsedMs / 1000);
  const kinds = PUBLISH_KINDS.map((kind) => `${SHORT_NAMES[kind]} ${stats.published[kind]}`).join(', ');
  const details = [
    running ? `${stats.devices.connected}/${stats.devices.total - stats.devices.silent} devices connected` : '',
    running ? `${stats.inFlight} in flight` : '',
    stats.devices.failed > 0 ? `${stats.devices.failed} devices refused` : '',
    stats.failed > 0 ? `${stats.failed} failed` : '',
    stats.dropped > 0 ? `${stats.dropped} dropped while offline` : '',
  ].filter(Boolean);
  return `${seconds}s: ${stats.total} published (${kinds})${details.length > 0 ? `, ${details.join(', ')}` : ''}`;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
        devices: { type: 'string', default: './data/demo-devices.json' },
        api: { type: 'string', default: 'http://localhost:3000' },
        rate: { type: 'string' },
        duration: { type: 'string', default: '300' },
        frames: { type: 'string' },
        machines: { type: 'string' },
        user: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (Boolean(values.user) !== Boolean(values.password)) fail('--user and --password go together');
  const rate = positiveNumber(values.rate, '--rate', DEFAULT_RATE);
  const durationSeconds = positiveNumber(values.duration, '--duration', 300);
  if (durationSeconds > MAX_DURATION_SECONDS) fail(`--duration is at most ${MAX_DURATION_SECONDS} seconds`);

  const devices = await readDevicesFile(values.devices);
  if (values.machines !== undefined) {
    const wanted = Number(values.machines);
    if (!Number.isInteger(wanted) || wanted < 0) fail(`--machines must be a whole number, got "${values.machines}"`);
    if (wanted > devices.machines.length) {
      console.warn(`${values.devices} has only ${devices.machines.length} machines; using all of them`);
    }
    devices.machines = devices.machines.slice(0, wanted);
  }

  const simulator = await runSimulator({
    url: values.url,
    devices,
    apiUrl: values.api,
    rate,
    durationMs: durationSeconds * 1000,
    ...(values.frames ? { frames: values.frames } : {}),
    ...(values.user && values.password ? { machineWork: { username: values.user, password: values.password } } : {}),
  });
  const report = setInterval(() => console.log(summary(simulator.stats(), true)), REPORT_EVERY_MS);
  const interrupt = () => void simulator.stop();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  await simulator.done;
  clearInterval(report);
  console.log(`Stopped after ${summary(simulator.stats(), false)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
