import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  user: string | undefined;
  data: string;
}

// A real SMTP server for tests (the smtp-server package) on a free loopback port: it takes mail
// for any address but those of `refusedDomain` (550), optionally asks for a user and password
// (over plain text, as a test may), and keeps what it received.
export async function startSmtpSink(options: { user?: string; password?: string; refusedDomain?: string } = {}) {
  const received: ReceivedMail[] = [];
  const needsAuth = options.user !== undefined;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: needsAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !needsAuth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (options.refusedDomain && address.address.endsWith(`@${options.refusedDomain}`)) {
        const refusal = Object.assign(new Error('No such user here'), { responseCode: 550 });
        return callback(refusal);
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
