import { Badge } from '@mantine/core';
import type { DeviceLogType } from '@openyard/contracts';

const COLORS: Record<DeviceLogType, string> = {
  RF_OK: 'green',
  RFNOK: 'red',
  TAG_DATA: 'harbour',
  REJECTED: 'orange',
  CLOCK_OFF: 'yellow',
};

export function DeviceLogTypeBadge({ type }: { type: DeviceLogType }) {
  return (
    <Badge size="sm" variant="light" color={COLORS[type]} radius="sm" data-testid="device-log-type">
      {type}
    </Badge>
  );
}
