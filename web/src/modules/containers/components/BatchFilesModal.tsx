import { useState } from 'react';
import { Alert, Button, FileButton, Group, Modal, Progress, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { liveTopics, type BatchJob, type BatchKind, type BatchMode, type BatchResult } from '@openyard/contracts';
import { api, downloadFile } from '../../../api/http';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';

const KINDS: { value: BatchKind; label: string }[] = [
  { value: 'gateIn', label: 'Batch gate-in' },
  { value: 'dispatch', label: 'Batch dispatch' },
  { value: 'sync', label: 'Sync with ERP' },
];

// The containers screen's batch actions (spec 1 §2: batch dispatch, batch gate-in, sync with ERP):
// a sheet uploaded, then its job's progress as the websocket tells it (topic `batch`), then the
// result with the report to download. docs/erp.md says what the files hold.
export function BatchFilesModal({
  opened,
  onClose,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [kind, setKind] = useState<BatchKind>('gateIn');
  const [mode, setMode] = useState<BatchMode>('rowByRow');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<BatchResult | null>(null);
  const [job, setJob] = useState<BatchJob | null>(null);

  const follow = (next: BatchJob) => {
    setJob(next);
    if (next.status === 'done') onDone();
  };
  const refusal = useLiveTopic(
    opened ? liveTopics.batch : null,
    (message) => {
      if (message.data.jobId === job?.jobId) follow(message.data);
    },
    () => {
      if (job) void api.batch.job({ params: { jobId: job.jobId } }).then(follow);
    },
  );

  async function upload(file: File) {
    setUploading(true);
    setError(null);
    setAnswer(null);
    setJob(null);
    try {
      const body = { file: { name: file.name, type: file.type, content: file }, mode };
      const result =
        kind === 'gateIn'
          ? await api.batch.gateIn({ body })
          : kind === 'dispatch'
            ? await api.batch.dispatch({ body })
            : await api.batch.sync({ body: { ...body, compareWithDb: 'true', update: 'true' } });
      setAnswer(result);
      follow(result.job);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setUploading(false);
    }
  }

  const running = job && (job.status === 'queued' || job.status === 'running');
  const rows = answer && job?.jobId === answer.job.jobId && answer.rows.length ? answer.rows : [];
  return (
    <Modal opened={opened} onClose={onClose} title="Batch files" size="lg" data-testid="batch-modal">
      <Stack gap="sm">
        <LiveUnavailableNotice refusal={refusal} />
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as BatchKind)}
          data={KINDS}
          data-testid="batch-kind"
        />
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as BatchMode)}
          data={[
            { value: 'rowByRow', label: 'Save every good row' },
            { value: 'allOrNothing', label: 'All rows or none' },
          ]}
          data-testid="batch-mode"
        />
        <Text size="xs" c="dimmed">
          An xlsx or csv file with a header row, up to 100,000 rows and 50 MB; values only (no formulas).
        </Text>
        <FileButton
          onChange={(file) => file && void upload(file)}
          accept=".xlsx,.csv"
          inputProps={{ 'data-testid': 'batch-file' } as Record<string, string>}
        >
          {(props) => (
            <Button
              {...props}
              leftSection={<IconUpload size={14} />}
              loading={uploading}
              disabled={!!running}
              data-testid="batch-upload"
            >
              Upload file
            </Button>
          )}
        </FileButton>
        {error && (
          <Alert color="red" data-testid="batch-error">
            {error}
          </Alert>
        )}
        {job && (
          <Stack gap={4} data-testid="batch-job">
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {job.fileName}
              </Text>
              <Text size="sm" data-testid="batch-status">
                {job.status === 'done'
                  ? 'Done'
                  : job.status === 'failed'
                    ? 'Failed'
                    : job.status === 'queued'
                      ? 'Queued'
                      : 'Running'}
                {' · '}
                {job.processed.toLocaleString('en')} of {job.total.toLocaleString('en')} rows
              </Text>
            </Group>
            <Progress
              value={Math.round(job.progress * 100)}
              animated={!!running}
              color={job.status === 'failed' ? 'red' : job.failed ? 'yellow' : 'teal'}
              data-testid="batch-progress"
              aria-label="Batch progress"
            />
            {job.message && (
              <Text size="sm" c={job.status === 'failed' ? 'red' : undefined} data-testid="batch-message">
                {job.message}
              </Text>
            )}
            {job.status === 'done' && (
              <Group gap="xs">
                <Text size="sm">
                  {job.succeeded.toLocaleString('en')} done, {job.failed.toLocaleString('en')} refused
                </Text>
                {job.generatedReport && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    onClick={() => downloadFile(job.generatedReport!)}
                    data-testid="batch-report"
                  >
                    Report
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        )}
        {rows.length > 0 && (
          <Table striped withTableBorder fz="xs" data-testid="batch-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Container</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, 50).map((row) => (
                <Table.Tr key={`${row.row}-${row.containerNumber}`}>
                  <Table.Td>{row.row || ''}</Table.Td>
                  <Table.Td>{row.containerNumber}</Table.Td>
                  <Table.Td>{row.status}</Table.Td>
                  <Table.Td>{row.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
