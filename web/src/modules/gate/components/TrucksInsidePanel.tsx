import { Badge, Card, Group, Table, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { ListState } from '../../../ui/ListState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { metadataState } from '../../../app/states/metadataState';
import { formatDateTime } from '../../../ui/formatDateTime';
import { clockSecondState } from '../../gate-readers/states/clockSecondState';
import { useTrucksInside } from '../hooks/useTrucksInside';
import { formatDuration } from '../utils/formatDuration';

// Trucks inside the yard through this gate with their time inside, ticking (truck turn time).
export function TrucksInsidePanel({ gateId }: { gateId: number | null }) {
  const { query, refusal } = useTrucksInside(gateId);
  const now = useAtomValue(clockSecondState);
  const visits = query.data?.visits ?? [];
  // The server's clock against this browser's, so the elapsed time does not drift with a wrong PC clock.
  const skew = query.data ? query.data.now - query.dataUpdatedAt : 0;
  const timeZone = useAtomValue(metadataState)?.timeZone;
  return (
    <Card withBorder padding="sm" data-testid="gate-trucks-inside">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Trucks inside</Text>
        <Badge variant="light">{visits.length}</Badge>
      </Group>
      <LiveUnavailableNotice refusal={refusal} compact />
      <ListState
        loading={query.isPending && gateId !== null}
        error={query.error ? errorMessageOf(query.error) : null}
        count={visits.length}
        emptyText="No truck is inside."
        onRetry={() => void query.refetch()}
        testId="gate-trucks-inside"
      />
      {visits.length > 0 && (
        <Table fz="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Trailer</Table.Th>
              <Table.Th>Containers</Table.Th>
              <Table.Th>In since</Table.Th>
              <Table.Th>Inside</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visits.map((visit) => (
              <Table.Tr key={visit.id} data-testid="gate-truck-row">
                <Table.Td>{visit.trailerNumber}</Table.Td>
                <Table.Td>{visit.containerNumbers.join(', ')}</Table.Td>
                <Table.Td>{formatDateTime(visit.entryDate, timeZone)}</Table.Td>
                <Table.Td>{formatDuration(now + skew - visit.entryDate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
