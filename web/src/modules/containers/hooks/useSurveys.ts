import { useQueries } from '@tanstack/react-query';
import { messages, type SurveyMail } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { containersQueryKeys } from '../utils/containersQueryKeys';

// GET /rest/surveys/{containerNumber} for each container of the mail dialog: every visit of it.
export function useSurveysOf(containerNumbers: readonly string[]) {
  return useQueries({
    queries: containerNumbers.map((containerNumber) => ({
      queryKey: containersQueryKeys.surveys(containerNumber),
      queryFn: () => api.surveys.ofContainer({ params: { containerNumber } }),
    })),
  });
}

// POST /rest/surveys/email: the notice says to how many it went; a refusal ('Error while sending
// mail', spec 1 §8, or a field the form marks) is shown by the dialog.
export function useSendSurveyMail() {
  return useNotifyingMutation({
    mutationFn: (body: SurveyMail) => api.surveys.email({ body }),
    success: (reply) => reply.message || messages.surveyMailSent(reply.recipients.length),
    quiet: true,
  });
}
