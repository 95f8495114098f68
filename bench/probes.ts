// `npx tsx bench/probes.ts`: issue 13's live probes of the embedded broker, run by hand against the
// embedded process (`npm start`'s topology, with the demo yard) in a child, printing figures:
//   1. connect-and-drop cycles of one reader (10, then 100; and 10 that publish to another
//      reader's topic right after connecting): every cycle must be let in, none locked out;
//   2. three CONNECTs at once, each announcing 200 MB and streaming it: the bytes each could send
//      before it was cut, and the process's RSS before and after;
//   3. a 100 MB PUBLISH by a logged-in reader: the same figures.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import mqtt from 'mqtt';
import { topics } from '@openyard/contracts';
import { startChild } from './lib/child';
import { fmt, sleep } from '../loadtest/node/stats';

const MB = 1024 * 1024;

// MQTT 3.1.1 packets by hand: the probes announce lengths no client library would send.
function remainingLength(length: number) {
  const bytes: number[] = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 0x80;
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
}
const text = (value: string) => {
  const bytes = Buffer.from(value, 'utf8');
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};
function connectPacket(login: { clientId: string; username?: string; password?: string }) {
  const flags = 0x02 | (login.username ? 0x80 : 0) | (login.password ? 0x40 : 0);
  const body = Buffer.concat([
    text('MQTT'),
    Buffer.from([4, flags, 0, 60]),
    text(login.clientId),
    ...(login.username ? [text(login.username)] : []),
    ...(login.password ? [text(login.password)] : []),
  ]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

// Sends `header` and then junk up to `announced` bytes, as fast as the socket takes it, until the
// peer cuts the connection. Resolves with the bytes that left this side and whether it was cut.
function stream(socket: Socket, header: Buffer, announced: number): Promise<{ sent: number; cut: boolean }> {
  const chunk = randomBytes(64 * 1024);
  return new Promise((done) => {
    let sent = 0;
    let cut = false;
    const finish = () => done({ sent: Math.min(socket.bytesWritten, announced), cut });
    socket.once('close', finish);
    socket.on('error', () => (cut = true));
    socket.once('end', () => (cut = true));
    socket.write(header);
    const pump = () => {
      while (sent < announced && !socket.destroyed) {
        const piece = sent + chunk.length <= announced ? chunk : chunk.subarray(0, announced - sent);
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
      if (!socket.destroyed) socket.end();
    };
    pump();
  });
}

function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname, () => done(socket));
    socket.once('error', fail);
  });
}

// Reads until a CONNACK arrives; resolves with its return code.
function connack(socket: Socket): Promise<number> {
  return new Promise((done, fail) => {
    let buffered = Buffer.alloc(0);
    const onData = (data: Buffer) => {
      buffered = Buffer.concat([buffered, data]);
      if (buffered.length >= 4 && buffered[0] === 0x20) {
        socket.off('data', onData);
        done(buffered[3]!);
      }
    };
    socket.on('data', onData);
    socket.once('close', () => fail(new Error('closed before CONNACK')));
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-probes-'));
  const child = await startChild('embedded');
  try {
    const started = await child.call({
      op: 'start',
      env: {
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO: '1',
        LOG_LEVEL: 'warn',
        MQTT_PORT: '0',
        WEB_DIR: resolve('web/dist'),
      },
    });
    const brokerUrl = started.brokerUrl!;
    const devices = JSON.parse(readFileSync(join(dataDir, 'demo-devices.json'), 'utf8')) as {
      readers: { id: number; gateId: number | null; username: string; password: string; silent?: boolean }[];
    };
    const [reader, other] = devices.readers.filter((entry) => !entry.silent);
    const login = { clientId: reader!.username, username: reader!.username, password: reader!.password };
    const rss = async () => (await child.call({ op: 'sample' })).rssMb;
    console.log(`embedded process up (${brokerUrl}); RSS ${fmt(await rss())} MB`);

    // 1. Connect and drop: the socket is destroyed as soon as the CONNACK came (no DISCONNECT).
    async function cycles(count: number, afterConnect?: (client: mqtt.MqttClient) => void) {
      let accepted = 0;
      const refusals = new Map<string, number>();
      for (let cycle = 0; cycle < count; cycle += 1) {
        try {
          const client = await mqtt.connectAsync(brokerUrl, { ...login, reconnectPeriod: 0, connectTimeout: 5000 });
          accepted += 1;
          afterConnect?.(client);
          client.stream.destroy();
          await client.endAsync(true);
        } catch (error) {
          const reason = (error as Error).message;
          refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
        }
      }
      return `${accepted}/${count} accepted${refusals.size ? `; refused: ${[...refusals].map(([reason, n]) => `${n}× ${reason}`).join(', ')}` : ''}`;
    }
    console.log(`connect and drop, 10 cycles: ${await cycles(10)}`);
    console.log(`connect and drop, 100 cycles: ${await cycles(100)}`);
    console.log(
      `connect, publish to another reader's topic, drop, 10 cycles: ${await cycles(10, (client) =>
        client.publish(topics.readerTag(other!.id), '{}', { qos: 1 }),
      )}`,
    );
    console.log(`after the cycles, one more connect: ${await cycles(1)}`);

    // 2. Three unauthenticated CONNECTs announcing 200 MB each, streamed at once.
    const before = await rss();
    const announced = 200 * MB;
    const sockets = await Promise.all([0, 1, 2].map(() => open(brokerUrl)));
    const connects = await Promise.all(
      sockets.map((socket) =>
        stream(socket, Buffer.concat([Buffer.from([0x10]), remainingLength(announced)]), announced),
      ),
    );
    await sleep(1000);
    const after = await rss();
    console.log(
      `3 CONNECTs announcing 200 MB: ${connects
        .map((result) => `${fmt(result.sent / 1024)} KiB sent${result.cut ? ', cut' : ', not cut'}`)
        .join('; ')}; RSS ${fmt(before)} → ${fmt(after)} MB`,
    );

    // 3. A logged-in reader publishes 100 MB.
    const publishBefore = await rss();
    const socket = await open(brokerUrl);
    socket.write(connectPacket(login));
    const code = await connack(socket);
    const topic = text(topics.readerTag(reader!.id));
    const publishLength = 100 * MB;
    const header = Buffer.concat([Buffer.from([0x30]), remainingLength(publishLength), topic]);
    const publish = await stream(socket, header, publishLength - topic.length);
    await sleep(1000);
    const publishAfter = await rss();
    console.log(
      `100 MB PUBLISH by a logged-in reader (CONNACK ${code}): ${fmt(publish.sent / 1024)} KiB sent, ${
        publish.cut ? 'cut' : 'not cut'
      }; RSS ${fmt(publishBefore)} → ${fmt(publishAfter)} MB`,
    );
    console.log(`after the probes, the reader connects: ${await cycles(1)}`);
  } finally {
    await child.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
