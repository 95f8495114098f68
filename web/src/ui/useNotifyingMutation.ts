import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { errorMessageOf } from './errorMessageOf';
import { notifyAlert } from './notifyAlert';
import { notifyError } from './notifyError';
import { notifySuccess } from './notifySuccess';

export interface NotifyingMutationOptions<Input, Reply> {
  mutationFn: (input: Input) => Promise<Reply>;
  // Reloaded after the call, whether it succeeded or not (what the screen shows may have changed).
  invalidates?: readonly QueryKey[];
  // A finer reload than whole keys (a predicate), run at the same moment.
  refresh?: (queryClient: QueryClient) => Promise<unknown>;
  // The success notice (spec 3 §9: about a second): a text, or one made from the reply and the
  // input; undefined for none (the caller announces it itself).
  success?: string | ((reply: Reply, input: Input) => string | undefined);
  // Refusals show as the spec's alert with the server's words (five seconds) unless `quiet`: the
  // caller shows them itself (a form puts them on its field).
  quiet?: boolean;
  // The spec's failure message over the server's words ("User could not be added!").
  refusalTitle?: string | ((input: Input) => string);
  // 'notice' for the two-second failure notice instead of the five-second alert (spec 3 §8/§9:
  // a form's save, a role's delete).
  refusalAs?: 'alert' | 'notice';
}

// The success notice of a reply: the caller's text, or the reply's own message.
export function successNoticeOf<Input, Reply>(
  success: NotifyingMutationOptions<Input, Reply>['success'],
  reply: Reply,
  input: Input,
): string | undefined {
  return typeof success === 'function' ? success(reply, input) : success;
}

// How a refusal is shown: as the alert or the short failure notice, under the spec's heading when
// there is one; null when the caller shows it itself (`quiet`).
export function refusalNoticeOf<Input, Reply>(
  { quiet = false, refusalTitle, refusalAs = 'alert' }: NotifyingMutationOptions<Input, Reply>,
  detail: string,
  input: Input,
): { as: 'alert' | 'notice'; title: string | undefined; message: string } | null {
  if (quiet) return null;
  const title = typeof refusalTitle === 'function' ? refusalTitle(input) : refusalTitle;
  return { as: refusalAs, title, message: detail };
}

// A write of a screen: useMutation that announces its success, alerts its refusal and reloads the
// screen's queries. Per-call callbacks (`mutate(input, { onSuccess })`) still run after these.
export function useNotifyingMutation<Input, Reply>(options: NotifyingMutationOptions<Input, Reply>) {
  const { mutationFn, invalidates = [], refresh, success } = options;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (reply, input) => {
      const notice = successNoticeOf(success, reply, input);
      if (notice) notifySuccess(notice);
    },
    onError: (error, input) => {
      const refusal = refusalNoticeOf(options, errorMessageOf(error), input);
      if (!refusal) return;
      if (refusal.as === 'alert') notifyAlert(refusal.message, refusal.title);
      else if (refusal.title) notifyError(refusal.title, refusal.message);
      else notifyError(refusal.message);
    },
    onSettled: () =>
      Promise.all([
        ...invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        refresh?.(queryClient),
      ]),
  });
}
