import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { smartGateQueryKeys } from '../utils/smartGateQueryKeys';

const percent = (share: number) => `${Math.round(share * 100)}%`;

// OCR accuracy of the gate per yard day (issue 16): accepted unchanged, corrected by a candidate,
// typed by hand; refreshed live when a record of the gate is resolved (ocr.resolved.v1, usePendingCount).
export function AccuracyPanel({ gateId, startDate, endDate }: { gateId: number; startDate: number; endDate: number }) {
  const query = { gateId, startDate, endDate };
  const accuracy = useQuery({
    queryKey: smartGateQueryKeys.accuracy(query),
    queryFn: () => api.smartGate.accuracy({ query }),
  });
  const rows = accuracy.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <div data-testid="igate-accuracy">
      <Text size="sm" fw={600} mb={4}>
        OCR accuracy
      </Text>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            <Table.Th>Records</Table.Th>
            <Table.Th>Unchanged</Table.Th>
            <Table.Th>By candidate</Table.Th>
            <Table.Th>Typed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.gateId}-${row.day}`} data-testid={`igate-accuracy-${row.day}`}>
              <Table.Td>{row.day}</Table.Td>
              <Table.Td data-testid="igate-accuracy-total">{row.total}</Table.Td>
              <Table.Td data-testid="igate-accuracy-unchanged">
                {row.unchanged} ({percent(row.unchangedShare)})
              </Table.Td>
              <Table.Td data-testid="igate-accuracy-candidate">
                {row.candidate} ({percent(row.candidateShare)})
              </Table.Td>
              <Table.Td data-testid="igate-accuracy-typed">
                {row.typed} ({percent(row.typedShare)})
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
