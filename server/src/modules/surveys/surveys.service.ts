import {
  isYardDay,
  messages,
  normalizeContainerNumber,
  recipientsOf,
  surveyMailProblem,
  yardDayRange,
  type Survey,
  type SurveyMail,
  type SurveyMailSent,
  type SurveyQuery,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import type { Mailer } from '../../adapters/mail';
import { badRequest, upstreamFailed } from '../../errors';
import { readsArchive } from '../inventory';
import { surveyMailOf } from './survey-mail';
import { surveysRepository as repository, toSurvey } from './surveys.repository';

export interface SurveysDependencies {
  mailer: Mailer;
  // The yard's time zone: the days of a survey query and the times in a mail are the yard's.
  timeZone: string;
}

// Container surveys (spec 1 §3, §5, §8; spec 3 §7 /rest/surveys/*): the visits of a container and
// the mail that sends a selection of them.
export function createSurveysService(db: Database, deps: SurveysDependencies) {
  const rangeOf = (day: string | undefined, field: string) => {
    if (day === undefined) return undefined;
    if (!isYardDay(day)) throw badRequest(messages.surveyDayInvalid, field);
    return yardDayRange(day, deps.timeZone);
  };

  return {
    // Every visit of the number, archived ones included (docs/archive.md): the days asked narrow
    // the archive's reach (a visit archived by a run left before its cut-off, and came in before).
    async ofContainer(containerNumber: string, query: SurveyQuery): Promise<Survey[]> {
      const gateIn = rangeOf(query.gateInDate, 'gateInDate');
      const gateOut = rangeOf(query.gateOutDate, 'gateOutDate');
      const from = Math.max(gateIn?.from ?? -Infinity, gateOut?.from ?? -Infinity);
      const withArchive = await readsArchive(db, true, Number.isFinite(from) ? new Date(from) : null);
      const rows = await repository.ofContainer(
        db,
        normalizeContainerNumber(containerNumber),
        gateIn,
        gateOut,
        withArchive,
      );
      return rows.map(toSurvey);
    },

    // POST /rest/surveys/email. Nothing is written: a mail that did not go says 'Error while sending
    // mail' (spec 1 §8), the reason is logged with the request.
    async email(mail: SurveyMail): Promise<SurveyMailSent> {
      const problem = surveyMailProblem(mail);
      if (problem) throw badRequest(problem.message, problem.field);
      const recipients = [...new Set(recipientsOf(mail.recipients))];
      const ids = [...new Set(mail.surveyIds)];
      // A survey of an archived visit (listed by ofContainer) is mailed as any other.
      const surveys = (await repository.byIds(db, ids, await readsArchive(db, true))).map(toSurvey);
      if (surveys.length !== ids.length) throw badRequest(messages.surveyUnknown, 'surveyIds');
      let sent;
      try {
        sent = await deps.mailer.send(surveyMailOf(recipients, mail.mailBody, surveys, deps.timeZone));
      } catch (error) {
        throw upstreamFailed(messages.surveyMailFailed, error);
      }
      // A server that took some addresses and refused others: the mail did not reach everyone.
      if (sent.rejected.length)
        throw upstreamFailed(messages.surveyMailFailed, new Error(`refused recipients: ${sent.rejected.join(', ')}`));
      return { responsestatus: 'success', message: messages.surveyMailSent(recipients.length), recipients };
    },
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;
