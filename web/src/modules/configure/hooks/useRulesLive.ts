import { useQueryClient } from '@tanstack/react-query';
import { liveTopics } from '@openyard/contracts';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// Rule and layout changes made anywhere reach this screen through the topic `inventory`
// (`inventory.layout.v1`): the rules, and for a layout change the layout too, are loaded again.
// Slot moves on the same topic are not this screen's. Returns the hub's refusal text when the user
// may not watch the topic.
export function useRulesLive(): string | null {
  const queryClient = useQueryClient();
  const reloadAll = () => {
    void queryClient.invalidateQueries({ queryKey: configureQueryKeys.rules });
    void queryClient.invalidateQueries({ queryKey: configureQueryKeys.layout });
  };
  return useLiveTopic(
    liveTopics.inventory,
    (message) => {
      if (message.type !== 'inventory.layout.v1') return;
      if (message.data.reason === 'rules') void queryClient.invalidateQueries({ queryKey: configureQueryKeys.rules });
      else reloadAll();
    },
    reloadAll,
  );
}
