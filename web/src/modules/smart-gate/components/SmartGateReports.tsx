import { Text } from '@mantine/core';
import type { GateKind } from '../hooks/useLaneActions';

// The smart gate's dispatch or gate-in report (spec 2 §2).
export function SmartGateReports({ kind, gateId }: { kind: GateKind; gateId: number }) {
  return (
    <Text size="sm" c="dimmed" data-testid="igate-reports" data-gate={gateId}>
      {kind === 'OUT' ? 'Dispatch report' : 'Gate-in report'}
    </Text>
  );
}
