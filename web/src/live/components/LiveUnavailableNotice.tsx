import { Alert } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

// The one notice a screen shows when the hub refused its topic (the user may not watch it): what is
// shown stays as loaded and changes made elsewhere do not appear by themselves. Every live screen
// puts it above its content, with the refusal from useLiveTopic or useLiveCollection.
export function LiveUnavailableNotice({ refusal, compact = false }: { refusal: string | null; compact?: boolean }) {
  if (!refusal) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconPlugConnectedX size={16} />}
      p={compact ? 6 : 'xs'}
      mb={compact ? 0 : 'sm'}
      data-testid="live-unavailable"
    >
      Live updates are not available on this screen: {refusal}
    </Alert>
  );
}
