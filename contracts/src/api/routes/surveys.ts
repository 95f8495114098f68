import { Type } from 'typebox';
import { Survey, SurveyMail, SurveyMailSent, SurveyParams, SurveyQuery } from '../../surveys';
import { defineRoute } from '../route';

// Surveys (spec 3 §7 "GET /rest/surveys/{containerNumber} (gateInDate, gateOutDate); POST
// /rest/surveys/email"), an action of the containers screen (spec 1 §2 "surveys by mail"): reading
// needs the containers menu; sending a mail out of the yard needs create/update rights there.
const tags = ['surveys'];

export const surveys = {
  ofContainer: defineRoute({
    method: 'GET',
    path: '/rest/surveys/:containerNumber',
    params: SurveyParams,
    query: SurveyQuery,
    response: Type.Array(Survey),
    access: { flag: 'containersVisible' },
    tags,
  }),
  email: defineRoute({
    method: 'POST',
    path: '/rest/surveys/email',
    body: SurveyMail,
    response: SurveyMailSent,
    access: { flag: 'containersVisible', write: true, screen: '/containers' },
    tags,
  }),
};
