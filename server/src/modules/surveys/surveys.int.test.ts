import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, yardDayOf, type SurveyMail } from '@openyard/contracts';
import { OUTBOX_FOLDER } from '../../adapters/mail';
import { outcome } from '../../test/api-client';
import { readableMime } from '../../test/mime';
import { startSmtpSink } from '../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let operator: Awaited<ReturnType<TestApp['login']>>;
let manager: Awaited<ReturnType<TestApp['login']>>;
let gatein: Awaited<ReturnType<TestApp['login']>>;

// The server is configured by parts (SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD) towards a real
// SMTP server started here; adapters/mail.test.ts covers SMTP_URL and the outbox's own files.
beforeAll(async () => {
  sink = await startSmtpSink({ user: 'yard', password: 'mail-pass', refusedDomain: 'refused.example' });
  t = await createTestApp({
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      SMTP_USER: 'yard',
      SMTP_PASSWORD: 'mail-pass',
      MAIL_FROM: 'Demo Depot <surveys@depot.example>',
    },
  });
  superadmin = await t.login('superadmin');
  operator = await t.login('operator');
  manager = await t.login('manager');
  gatein = await t.login('gatein');
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

// A container that came and left, then came back: two visits, two surveys.
async function twoVisits() {
  const number = containerNumber('MSKU');
  const first = await addContainer(t, superadmin.auth, { containerNumber: number, process: 'Import', igm: 'IGM77' });
  const left = await superadmin.api.gateOperations.dispatch({
    query: { containerNumber: number, dispatchTime: Date.now() },
  });
  expect(left.dispatched, JSON.stringify(left)).toBe(true);
  const second = await addContainer(t, superadmin.auth, { containerNumber: number, sizeName: '40' });
  return { number, first, second };
}

const mail = (overrides: Partial<SurveyMail>): SurveyMail => ({
  recipients: 'ops@line.example',
  mailBody: 'Survey report attached.',
  surveyIds: [],
  ...overrides,
});

describe('GET /rest/surveys/{containerNumber} (spec 3 §7)', () => {
  it('gives every visit of the container, latest first, with its gate-in and gate-out dates', async () => {
    const { number, first, second } = await twoVisits();
    const surveys = await operator.api.surveys.ofContainer({ params: { containerNumber: number.toLowerCase() } });
    expect(surveys.map((survey) => survey.id)).toEqual([second.id, first.id]);
    expect(surveys[1]).toMatchObject({
      containerNumber: number,
      size: '20',
      process: 'Import',
      liner: 'Maersk',
      igm: 'IGM77',
      gateInDate: first.addeddate,
    });
    expect(surveys[1]!.gateOutDate).toEqual(expect.any(Number));
    expect(surveys[0]).toMatchObject({ size: '40', gateOutDate: null });
  });

  it('narrows to the visits that gated in or out on the given yard days', async () => {
    const { number, first } = await twoVisits();
    const today = yardDayOf(Date.now(), t.config.yard.timeZone);
    const byIn = await operator.api.surveys.ofContainer({
      params: { containerNumber: number },
      query: { gateInDate: today },
    });
    expect(byIn).toHaveLength(2);
    const byOut = await operator.api.surveys.ofContainer({
      params: { containerNumber: number },
      query: { gateInDate: today, gateOutDate: today },
    });
    expect(byOut.map((survey) => survey.id)).toEqual([first.id]);
    expect(
      await operator.api.surveys.ofContainer({
        params: { containerNumber: number },
        query: { gateInDate: '2001-01-01' },
      }),
    ).toEqual([]);
    expect(
      await outcome(
        operator.api.surveys.ofContainer({ params: { containerNumber: number }, query: { gateInDate: '2025-02-31' } }),
      ),
    ).toMatchObject({ status: 400, body: { message: messages.surveyDayInvalid, field: 'gateInDate' } });
    const response = await t.app.inject({
      url: `/rest/surveys/${number}?gateOutDate=yesterday`,
      headers: operator.auth,
    });
    expect(response.statusCode).toBe(400);
    expect(await operator.api.surveys.ofContainer({ params: { containerNumber: containerNumber() } })).toEqual([]);
  });
});

describe('POST /rest/surveys/email (spec 1 §3, §5, §8)', () => {
  it('sends the body and the chosen surveys through the SMTP server to every recipient', async () => {
    const { number, first, second } = await twoVisits();
    const before = sink.received.length;
    const sent = await operator.api.surveys.email({
      body: mail({
        recipients: ' ops@line.example, desk@agent.example ,',
        mailBody: 'Dear team,\nthe survey of the container is below.',
        surveyIds: [first.id, second.id],
      }),
    });
    expect(sent).toEqual({
      responsestatus: 'success',
      message: messages.surveyMailSent(2),
      recipients: ['ops@line.example', 'desk@agent.example'],
    });
    expect(sink.received).toHaveLength(before + 1);
    const arrived = sink.received.at(-1)!;
    expect(arrived).toMatchObject({
      from: 'surveys@depot.example',
      to: ['ops@line.example', 'desk@agent.example'],
      user: 'yard',
    });
    const text = readableMime(arrived.data);
    expect(text).toMatch(new RegExp(`^Subject: Container survey: ${number}$`, 'm'));
    expect(text).toContain('Dear team,\nthe survey of the container is below.');
    expect(text).toContain(`Container: ${number}; Size: 20; Type: -; Process: Import`);
    expect(text).toContain(`Container: ${number}; Size: 40`);
    expect(text).toContain('Gate-out: in the yard');
  });

  it('refuses what spec 1 §5 refuses before sending anything', async () => {
    const { first } = await twoVisits();
    const before = sink.received.length;
    const cases: [SurveyMail, string, string][] = [
      [mail({ recipients: ' , ', surveyIds: [first.id] }), messages.surveyRecipientsRequired, 'recipients'],
      [
        mail({ recipients: 'ops@line.example, ops', surveyIds: [first.id] }),
        messages.surveyRecipientInvalid('ops'),
        'recipients',
      ],
      [mail({ surveyIds: [] }), messages.surveyNoneSelected, 'surveyIds'],
      [mail({ mailBody: '  ', surveyIds: [first.id] }), messages.surveyBodyRequired, 'mailBody'],
      [mail({ surveyIds: [first.id, 999_999] }), messages.surveyUnknown, 'surveyIds'],
    ];
    for (const [body, text, field] of cases)
      expect([text, await outcome(operator.api.surveys.email({ body }))]).toMatchObject([
        text,
        { status: 400, body: { message: text, field } },
      ]);
    expect(sink.received).toHaveLength(before);
  });

  it('says "Error while sending mail" when the SMTP server refuses a recipient', async () => {
    const { first } = await twoVisits();
    for (const recipients of ['nobody@refused.example', 'ops@line.example, nobody@refused.example']) {
      const failed = await outcome(operator.api.surveys.email({ body: mail({ recipients, surveyIds: [first.id] }) }));
      expect(failed).toMatchObject({
        status: 500,
        body: {
          message: messages.surveyMailFailed,
          code: 'UPSTREAM_FAILED',
          correlationId: expect.any(String) as string,
        },
      });
    }
    // Not the embedded outbox: with SMTP configured nothing is written there.
    expect(existsSync(join(t.config.dataDir, OUTBOX_FOLDER))).toBe(false);
  });

  it('needs a session, the containers permission to read, create/update rights to send', async () => {
    const { number, first } = await twoVisits();
    expect((await outcome(t.api.surveys.ofContainer({ params: { containerNumber: number } }))).status).toBe(401);
    expect((await outcome(t.api.surveys.email({ body: mail({ surveyIds: [first.id] }) }))).status).toBe(401);
    // The manager has no containers menu (spec 3 §6).
    expect((await outcome(manager.api.surveys.ofContainer({ params: { containerNumber: number } }))).status).toBe(403);
    expect((await outcome(manager.api.surveys.email({ body: mail({ surveyIds: [first.id] }) }))).status).toBe(403);
    // The gate-in clerk sees containers but has no create/update rights.
    expect((await outcome(gatein.api.surveys.ofContainer({ params: { containerNumber: number } }))).status).toBe(200);
    expect((await outcome(gatein.api.surveys.email({ body: mail({ surveyIds: [first.id] }) }))).status).toBe(403);
  });
});
