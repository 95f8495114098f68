import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { unhandledLiveMessage } from '../../../live/utils/unhandledLiveMessage';
import { configureQueryKeys } from '../utils/configureQueryKeys';

// Rule and layout changes made anywhere reach this screen through the topic `inventory`
// (`inventory.layout.v1`, published with the change from the outbox): the rules, and for a layout
// change the layout too, are loaded again. Slot moves on the same topic are not this screen's.
// Returns the hub's refusal text when the user may not watch the topic.
export function useRulesLive(): string | null {
  const queryClient = useQueryClient();
  const reloadAll = () => {
    void queryClient.invalidateQueries({ queryKey: configureQueryKeys.rules });
    void queryClient.invalidateQueries({ queryKey: configureQueryKeys.layout });
  };
  return useLiveTopic(
    'inventory',
    (message) => {
      switch (message.type) {
        case 'inventory.layout.v1':
          if (message.data.reason === 'rules')
            void queryClient.invalidateQueries({ queryKey: configureQueryKeys.rules });
          else reloadAll();
          return;
        case 'inventory.slot.v1':
        case 'gate.reader.v1':
        case 'gate.readerRemoved.v1':
        case 'gate.changed.v1':
        case 'gate.health.v1':
        case 'gate.tag.v1':
        case 'deviceLog.entry.v1':
        case 'machine.position.v1':
        case 'machine.status.v1':
        case 'itv.position.v1':
        case 'ocr.record.v1':
        case 'ocr.count.v1':
          return;
        default:
          unhandledLiveMessage(message);
      }
    },
    reloadAll,
  );
}
