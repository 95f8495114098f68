import { Type, type Static } from 'typebox';
import { YardDayText } from './common';

// Container surveys (spec 1 §2 Containers screen "surveys by mail", §3 Survey mail and Survey query,
// §5 Survey e-mails; spec 3 §7 /rest/surveys/*). A survey is one visit of a container, from its
// gate-in to its gate-out: its id is the visit's (the container record's) id.

export const SurveyParams = Type.Object({ containerNumber: Type.String({ minLength: 1, maxLength: 20 }) });

// GET /rest/surveys/{containerNumber}?gateInDate&gateOutDate: the container's visits, narrowed to
// those that gated in (out) on the given yard days.
export const SurveyQuery = Type.Object({
  gateInDate: Type.Optional(YardDayText),
  gateOutDate: Type.Optional(YardDayText),
});
export type SurveyQuery = Static<typeof SurveyQuery>;

export const Survey = Type.Object({
  id: Type.Integer(),
  containerNumber: Type.String(),
  size: Type.String(),
  containerType: Type.Union([Type.String(), Type.Null()]),
  process: Type.Union([Type.String(), Type.Null()]),
  customer: Type.Union([Type.String(), Type.Null()]),
  liner: Type.Union([Type.String(), Type.Null()]),
  igm: Type.Union([Type.String(), Type.Null()]),
  item: Type.Union([Type.String(), Type.Null()]),
  // ms; gateOutDate is null while the container is in the yard.
  gateInDate: Type.Integer(),
  gateOutDate: Type.Union([Type.Integer(), Type.Null()]),
});
export type Survey = Static<typeof Survey>;

export const SURVEY_MAIL_BODY_MAX_LENGTH = 10_000;
export const SURVEY_RECIPIENTS_MAX_LENGTH = 2000;
export const SURVEY_MAIL_MAX_SURVEYS = 100;

// POST /rest/surveys/email (spec 1 §3 Survey mail): recipients comma-separated, the body, the
// surveys the mail carries.
export const SurveyMail = Type.Object(
  {
    recipients: Type.String({ maxLength: SURVEY_RECIPIENTS_MAX_LENGTH }),
    mailBody: Type.String({ maxLength: SURVEY_MAIL_BODY_MAX_LENGTH }),
    surveyIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: SURVEY_MAIL_MAX_SURVEYS }),
  },
  { additionalProperties: false },
);
export type SurveyMail = Static<typeof SurveyMail>;

// "success" with the notice and the addresses it went to.
export const SurveyMailSent = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  recipients: Type.Array(Type.String()),
});
export type SurveyMailSent = Static<typeof SurveyMailSent>;
