import { Alert, Group } from '@mantine/core';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';

// What keeps the yard from being current: live updates refused, or the snapshot not loaded.
export function InventoryNotices({ refusal, error }: { refusal: string | null; error: string | null }) {
  if (!refusal && !error) return null;
  return (
    <Group gap="xs">
      <LiveUnavailableNotice refusal={refusal} compact />
      {error && (
        <Alert color="red" variant="light" p={6}>
          The yard could not be loaded: {error}
        </Alert>
      )}
    </Group>
  );
}
