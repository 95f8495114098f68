import { Alert, Group } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

// What keeps the yard from being current: live updates refused, or the snapshot not loaded.
export function InventoryNotices({ refusal, error }: { refusal: string | null; error: string | null }) {
  if (!refusal && !error) return null;
  return (
    <Group gap="xs">
      {refusal && (
        <Alert color="orange" variant="light" icon={<IconPlugConnectedX size={16} />} p={6}>
          Live updates are not available on this screen: {refusal}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" p={6}>
          The yard could not be loaded: {error}
        </Alert>
      )}
    </Group>
  );
}
