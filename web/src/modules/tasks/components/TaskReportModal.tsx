import { useState } from 'react';
import { Group, MultiSelect, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useAtomValue } from 'jotai';
import {
  isYardDay,
  messages,
  TASK_COMPLETION_STATUSES,
  yardDayOf,
  type TaskCompletionStatus,
  type TaskExportBody,
} from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { FormModal } from '../../../ui/FormModal';
import { useMachinePlaces } from '../hooks/useMachinePlaces';
import { useTaskChoices } from '../hooks/useTaskChoices';
import type { useTaskWrites } from '../hooks/useTaskWrites';

// The task report (spec 3 §2 task report modal, §7 exportXls): the tasks generated on the chosen
// yard days, of the chosen machines, delivery modes and task types (none chosen: all), pending,
// completed or both; the sheet is written by the server and fetched by GET /rest/tasks/download.
export function TaskReportModal({
  report,
  onClose,
}: {
  report: ReturnType<typeof useTaskWrites>['report'];
  onClose: () => void;
}) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const choices = useTaskChoices();
  const { places } = useMachinePlaces();
  // The yard's today, once when the dialog opens.
  const [today] = useState(() => yardDayOf(Date.now(), timeZone));
  const [from, setFrom] = useState<string>(today);
  const [to, setTo] = useState<string>(today);
  const [machines, setMachines] = useState<string[]>([]);
  const [deliveryModes, setDeliveryModes] = useState<string[]>([]);
  const [taskTypes, setTaskTypes] = useState<string[]>([]);
  const [status, setStatus] = useState<TaskCompletionStatus>('ALL');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!isYardDay(from) || !isYardDay(to)) return setError(messages.reportChooseDays);
    if (to < from) return setError(messages.reportDaysReversed);
    const body: TaskExportBody = {
      from,
      to,
      machines,
      deliveryModes,
      taskTypes,
      taskCompletionStatus: status,
      format: 'xlsx',
    };
    report.mutate(body, { onSuccess: onClose, onError: (refusal) => setError(errorMessageOf(refusal)) });
  };
  return (
    <FormModal
      title="Task report"
      onClose={onClose}
      onSubmit={submit}
      saving={report.isPending}
      error={error}
      submitLabel="Export"
      submitName="export"
      testId="task-report"
      size="lg"
    >
      <Stack gap="xs">
        <Group grow>
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            data-testid="task-report-from"
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            data-testid="task-report-to"
          />
        </Group>
        <MultiSelect
          label="Machines"
          placeholder="All"
          data={places.map((place) => place.machineName)}
          value={machines}
          onChange={setMachines}
          searchable
          clearable
        />
        <MultiSelect
          label="Delivery modes"
          placeholder="All"
          data={choices.modes}
          value={deliveryModes}
          onChange={setDeliveryModes}
          clearable
        />
        <MultiSelect
          label="Task types"
          placeholder="All"
          data={choices.taskTypes}
          value={taskTypes}
          onChange={setTaskTypes}
          clearable
        />
        <SegmentedControl
          data={[...TASK_COMPLETION_STATUSES]}
          value={status}
          onChange={(value) => setStatus(TASK_COMPLETION_STATUSES.find((entry) => entry === value) ?? 'ALL')}
          data-testid="task-report-status"
        />
      </Stack>
    </FormModal>
  );
}
