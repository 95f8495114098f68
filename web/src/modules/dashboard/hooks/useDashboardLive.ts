import { useQueryClient } from '@tanstack/react-query';
import { liveTopics } from '@openyard/contracts';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// The dashboard kept live (no polling): a `dashboard.changed.v1` names the widgets whose figures an
// event changed, and only those are asked again; a reconnect or a resync asks for every widget. An
// invalidation cancels a fetch in flight and starts a new one, so a widget never keeps figures read
// before the event it was told of. Returns the hub's refusal, for LiveUnavailableNotice. The wall
// display uses the same hook, once for all its widgets (`enabled` while it shows any).
export function useDashboardLive({ enabled = true }: { enabled?: boolean } = {}): string | null {
  const queryClient = useQueryClient();
  return useLiveTopic(
    enabled ? liveTopics.dashboard : null,
    (message) => {
      for (const widget of message.data.widgets)
        void queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.widget(widget) });
    },
    () => void queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
  );
}
