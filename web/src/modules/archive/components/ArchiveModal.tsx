import { useState } from 'react';
import { Alert, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useAtomValue } from 'jotai';
import {
  archiveCutoffLatest,
  archiveCutoffProblem,
  liveTopics,
  messages,
  yardDayOf,
  type ArchiveRun,
} from '@openyard/contracts';
import { api } from '../../../api/http';
import { currentUserState } from '../../../app/states/currentUserState';
import { metadataState } from '../../../app/states/metadataState';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { confirmDialog } from '../../../ui/confirmDialog';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { FormModal } from '../../../ui/FormModal';
import { archiveProgress } from '../utils/archiveProgress';

type Outcome = { kind: 'success'; total: number } | { kind: 'failure' } | null;

// The archive database modal (spec 3 §2, §4, §5; superadmin only, opened from the user menu): a
// cut-off at most two months back (the default), a confirmation, then the run's progress as the
// server reports it on the websocket, and the spec's outcome message with the containers archived.
export function ArchiveModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const metadata = useAtomValue(metadataState);
  const user = useAtomValue(currentUserState);
  // The yard's day when the modal opened (it is mounted per opening).
  const [today] = useState(() => yardDayOf(Date.now(), metadata?.timeZone));
  const [cutoffDate, setCutoffDate] = useState(() => archiveCutoffLatest(today));
  const [error, setError] = useState<string | null>(null);
  const [archiving, setArchiving] = useState(false);
  const [run, setRun] = useState<ArchiveRun | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const finish = (finished: ArchiveRun) => {
    setRun(finished);
    setArchiving(false);
    setOutcome(
      finished.status === 'done' ? { kind: 'success', total: finished.counts.containers } : { kind: 'failure' },
    );
  };

  useLiveTopic(
    opened && archiving ? liveTopics.archive : null,
    (message) => {
      if (run && message.data.runId !== run.runId && message.data.startedAt < run.startedAt) return;
      if (message.data.status === 'running') setRun(message.data);
      else finish(message.data);
    },
    () => {
      void api.archive.latest().then(({ run: latest }) => {
        if (!latest) return;
        if (latest.status === 'running') setRun(latest);
        else finish(latest);
      });
    },
  );

  const close = () => {
    if (archiving) return;
    setError(null);
    setRun(null);
    setOutcome(null);
    onClose();
  };

  const submit = async () => {
    const problem = archiveCutoffProblem(cutoffDate, today);
    setError(problem);
    if (problem) return;
    if (
      !(await confirmDialog({
        title: 'Confirm archive',
        message: messages.archiveConfirm(cutoffDate),
        confirmLabel: 'Archive',
      }))
    )
      return;
    setArchiving(true);
    setOutcome(null);
    try {
      const answer = await api.archive.run({ query: { cutoffDate, ...(user ? { user: user.userName } : {}) } });
      // 'running': the run outlasted the call; its end comes on the websocket.
      if (answer.status === 'running') setRun(answer.run);
      else finish(answer.run);
    } catch (failure) {
      setArchiving(false);
      setOutcome({ kind: 'failure' });
      setError(errorMessageOf(failure));
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Archive database"
      withCloseButton={!archiving}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      saving={archiving}
      error={error}
      testId="archive"
      submitName="submit"
      submitLabel="Archive"
      submitDisabled={archiving}
      done={outcome?.kind === 'success'}
      cancelDisabled={archiving}
      footer={
        <Stack gap="xs">
          {run && (archiving || outcome) && (
            <Stack gap={4} data-testid="archive-progress">
              <Progress value={archiveProgress(run)} animated={archiving} aria-label="Archive progress" />
              <Text size="xs" c="dimmed">
                {run.counts.containers} of {run.containersToArchive} containers, {run.counts.movements} movements,{' '}
                {run.counts.tasks} tasks, {run.counts.trailers} truck visits, {run.counts.deviceLogs} device logs
              </Text>
            </Stack>
          )}
          {outcome?.kind === 'success' && (
            <Alert color="green" p="xs" data-testid="archive-success">
              {messages.archiveFinished} {outcome.total} containers archived.
            </Alert>
          )}
          {outcome?.kind === 'failure' && (
            <Alert color="red" p="xs" data-testid="archive-failure">
              {messages.archiveFailed}
            </Alert>
          )}
        </Stack>
      }
    >
      <Text size="sm">{messages.archiveConfirm(cutoffDate)}</Text>
      <TextInput
        type="date"
        label="Cut-off date"
        required
        data-autofocus
        max={archiveCutoffLatest(today)}
        value={cutoffDate}
        disabled={archiving}
        data-testid="archive-cutoff"
        onChange={(event) => {
          setCutoffDate(event.currentTarget.value);
          setError(null);
        }}
      />
    </FormModal>
  );
}
