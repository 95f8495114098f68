import { Alert, Badge, Button, Group, ScrollArea, Table } from '@mantine/core';
import { UPLOAD_ROW_STATUSES, type UploadResult } from '@openyard/contracts';
import { AppModal } from '../../../ui/AppModal';
import { uploadSummaryOf } from '../utils/uploadSummaryOf';

const colours: Record<string, string> = {
  [UPLOAD_ROW_STATUSES.saved]: 'green',
  [UPLOAD_ROW_STATUSES.unchanged]: 'gray',
  [UPLOAD_ROW_STATUSES.refused]: 'red',
  [UPLOAD_ROW_STATUSES.notSaved]: 'yellow',
};

// The outcome of an upload: the summary, then one line per data row of the sheet.
export function UploadResultsModal({
  title,
  result,
  onClose,
}: {
  title: string;
  result: UploadResult;
  onClose: () => void;
}) {
  const summary = uploadSummaryOf(result);
  return (
    <AppModal opened onClose={onClose} title={title} size="lg">
      <Alert color={summary.ok ? 'green' : 'red'} variant="light" mb="sm" data-testid="upload-results-summary">
        {summary.text}
      </Alert>
      <ScrollArea.Autosize mah={360}>
        <Table striped withTableBorder data-testid="upload-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Row</Table.Th>
              <Table.Th w={110}>Status</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={colours[row.status] ?? 'gray'} tt="none">
                    {row.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.message ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus data-testid="upload-results-close">
          Close
        </Button>
      </Group>
    </AppModal>
  );
}
