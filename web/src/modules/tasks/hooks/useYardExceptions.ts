import { useQuery } from '@tanstack/react-query';
import { liveTopics, messages, PAGE_SIZES, type YardExceptionsPage } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';
import { withYardException } from '../utils/withYardException';

const limit = PAGE_SIZES.tasks;

// The open yard exceptions for the control room (issue 17: a machine's pick or drop the yard model
// disagrees with), newest first, kept live by the topic `yard-exceptions`; and their resolution.
export function useYardExceptions() {
  const exceptions = useQuery({
    queryKey: tasksQueryKeys.yardExceptions,
    queryFn: () => api.tasks.yardExceptions({ query: { includeResolved: false, skip: 0, limit } }),
  });
  const liveRefusal = useLiveCollection<YardExceptionsPage, 'yard-exceptions'>({
    queryKey: tasksQueryKeys.yardExceptions,
    topic: liveTopics.yardExceptions,
    apply: (current, message) => withYardException(current, message, limit),
  });
  const resolve = useNotifyingMutation({
    mutationFn: ({ id, resolution }: { id: number; resolution: string }) =>
      api.tasks.resolveYardException({ params: { id }, body: { resolution } }),
    success: messages.yardExceptionResolved,
    invalidates: [tasksQueryKeys.yardExceptions],
    quiet: true,
  });
  return { exceptions, liveRefusal, resolve };
}
