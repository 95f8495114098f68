import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableMime } from '../test/mime';
import { startSmtpSink } from '../test/smtp-sink';
import { createMailer, OUTBOX_FOLDER } from './mail';

const mail = {
  to: ['ops@line.example', 'desk@agent.example'],
  subject: 'Container survey: MSCU1234565',
  text: 'Please find the survey below.\n\nContainer: MSCU1234565',
  html: '<p>Please find the survey below.</p>',
};

describe('the embedded default: an .eml file per mail in DATA_DIR/outbox', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'openyard-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes the whole message, headers and body, under a new name each time', async () => {
    const mailer = createMailer({ smtp: undefined, from: 'Yard <yard@depot.example>', timeoutMs: 5000 }, dataDir);
    expect(mailer.kind).toBe('outbox');
    const first = await mailer.send(mail);
    const second = await mailer.send({ ...mail, to: ['other@line.example'] });
    const files = readdirSync(join(dataDir, OUTBOX_FOLDER));
    expect(files.sort()).toEqual([first.file, second.file].map((file) => file!.split('/').pop()).sort());
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const text = readableMime(readFileSync(first.file!, 'utf8'));
    expect(text).toMatch(/^From: Yard <yard@depot\.example>$/m);
    expect(text).toMatch(/^To: ops@line\.example, desk@agent\.example$/m);
    expect(text).toMatch(/^Subject: Container survey: MSCU1234565$/m);
    expect(text).toContain('Please find the survey below.');
    expect(first).toMatchObject({ accepted: mail.to, rejected: [] });
    mailer.close();
  });
});

describe('SMTP (SMTP_URL) against a real SMTP server', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'yard', password: 's3cret', refusedDomain: 'refused.example' });
  });
  afterAll(() => sink.close());

  it('delivers to every recipient with the user and password of the URL', async () => {
    const mailer = createMailer(
      { smtp: { url: `smtp://yard:s3cret@127.0.0.1:${sink.port}` }, from: 'yard@depot.example', timeoutMs: 5000 },
      '/nonexistent',
    );
    const sent = await mailer.send(mail);
    expect(sent).toMatchObject({ accepted: mail.to, rejected: [] });
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]).toMatchObject({ from: 'yard@depot.example', to: mail.to, user: 'yard' });
    expect(readableMime(sink.received[0]!.data)).toContain('Container: MSCU1234565');
    mailer.close();
  });

  it('fails on a wrong password, and names the addresses the server refused', async () => {
    const wrong = createMailer(
      { smtp: { url: `smtp://yard:wrong@127.0.0.1:${sink.port}` }, from: 'yard@depot.example', timeoutMs: 5000 },
      '/nonexistent',
    );
    await expect(wrong.send(mail)).rejects.toThrow();
    wrong.close();
    const mailer = createMailer(
      { smtp: { url: `smtp://yard:s3cret@127.0.0.1:${sink.port}` }, from: 'yard@depot.example', timeoutMs: 5000 },
      '/nonexistent',
    );
    const partly = await mailer.send({ ...mail, to: ['ops@line.example', 'nobody@refused.example'] });
    expect(partly).toMatchObject({ accepted: ['ops@line.example'], rejected: ['nobody@refused.example'] });
    await expect(mailer.send({ ...mail, to: ['nobody@refused.example'] })).rejects.toThrow();
    mailer.close();
  });
});
