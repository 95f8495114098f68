import { Badge, Text } from '@mantine/core';

// The RF front end's own report in the last heartbeat (OK / NOK), or nothing heard yet.
export function RfStatusBadge({ rfStatus }: { rfStatus: 'OK' | 'NOK' | null }) {
  if (rfStatus === null)
    return (
      <Text inherit c="dimmed">
        —
      </Text>
    );
  return (
    <Badge size="sm" variant="outline" color={rfStatus === 'OK' ? 'green' : 'red'} aria-label={`RF status ${rfStatus}`}>
      RF {rfStatus}
    </Badge>
  );
}
