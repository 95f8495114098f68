import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config';

// Outgoing mail (issue 20: survey mails), through nodemailer. With an SMTP server configured
// (SMTP_URL, or SMTP_HOST and its parts) a mail goes there; without one, the embedded default
// writes it, as the SMTP server would have received it, to DATA_DIR/outbox/<time>-<id>.eml, which
// any mail client opens (and an operator can send on). The README's Configuration table says how
// to set SMTP.

export interface OutgoingMail {
  to: readonly string[];
  subject: string;
  text: string;
  html?: string;
}

export interface SentMail {
  messageId: string;
  // The addresses the server took and those it refused (SMTP; the outbox takes every one).
  accepted: string[];
  rejected: string[];
  // The .eml file the outbox wrote.
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

export interface MailConfig {
  smtp: SmtpConfig | undefined;
  from: string;
  timeoutMs: number;
}

export const OUTBOX_FOLDER = 'outbox';

function smtpTransport(smtp: SmtpConfig, timeoutMs: number) {
  const timeouts = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
  // The URL's own settings win; the timeouts apply where it says nothing of them.
  if ('url' in smtp) return nodemailer.createTransport({ url: smtp.url, ...timeouts });
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user !== undefined ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    ...timeouts,
  });
}

const addressesOf = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.map((item) => (typeof item === 'string' ? item : String((item as { address?: unknown }).address)))
    : [];

export function createMailer(config: MailConfig, dataDir: string): Mailer {
  const envelope = (mail: OutgoingMail) => ({
    from: config.from,
    to: [...mail.to],
    subject: mail.subject,
    text: mail.text,
    ...(mail.html !== undefined ? { html: mail.html } : {}),
  });

  if (config.smtp) {
    const transport = smtpTransport(config.smtp, config.timeoutMs);
    return {
      kind: 'smtp',
      async send(mail) {
        const info = await transport.sendMail(envelope(mail));
        return {
          messageId: info.messageId,
          accepted: addressesOf(info.accepted),
          rejected: addressesOf(info.rejected),
        };
      },
      close: () => transport.close(),
    };
  }

  const outbox = join(dataDir, OUTBOX_FOLDER);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail(envelope(mail));
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(outbox, name);
      // Written whole under a temporary name first: a reader of the folder never sees half a mail.
      await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o640 });
      await rename(`${file}.part`, file);
      return { messageId: info.messageId, accepted: [...mail.to], rejected: [], file };
    },
    close: () => transport.close(),
  };
}
