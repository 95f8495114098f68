import { Group, MultiSelect, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  allocationProblem,
  allocationTimeText,
  formatShiftTimes,
  messages,
  periodsOverlap,
  shiftCrossesMidnight,
  type AreaLayout,
  type Machine,
  type MachineShift,
  type YardDay,
} from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { timeOfText, timeText } from '../../machine-shifts/utils/timeText';
import type { useAllocationWrites } from '../hooks/useAllocationWrites';
import type { ShownAllocation } from '../utils/allocationEdits';
import { formPeriod } from '../utils/formPeriod';

interface AllocationFormValues {
  machineIds: string[];
  areaId: string | null;
  shiftId: string | null;
  from: string;
  to: string;
}

// Add allocations of the day shown (spec 2 §5 "needs machine, area, from time and to time"): one
// or more machines to one area for a period, saved as that area's one save. A shift fills the
// times (a shift past midnight: to the day's end). A machine already elsewhere then is refused here
// with the server's words, before any call.
export function AllocationFormModal({
  day,
  dayStart,
  dayEnd,
  timeZone,
  machines,
  areas,
  shifts,
  allocations,
  add,
  onClose,
}: {
  day: YardDay;
  dayStart: number;
  dayEnd: number;
  timeZone: string | undefined;
  machines: readonly Machine[];
  areas: readonly AreaLayout[];
  shifts: readonly MachineShift[];
  allocations: readonly ShownAllocation[];
  add: ReturnType<typeof useAllocationWrites>['add'];
  onClose: () => void;
}) {
  const form = useForm<AllocationFormValues>({
    initialValues: { machineIds: [], areaId: null, shiftId: null, from: '', to: '' },
    validate: (values) => {
      const from = timeOfText(values.from);
      const to = timeOfText(values.to);
      const period = from && to ? formPeriod(day, from, to, timeZone) : { fromTime: null, toTime: null };
      const machineIds = values.machineIds.map(Number);
      const problem = allocationProblem(
        { machineId: machineIds[0] ?? null, areaId: values.areaId ? Number(values.areaId) : null, ...period },
        { dayStart, dayEnd },
      );
      if (problem) {
        const field = { machineId: 'machineIds', areaId: 'areaId', fromTime: 'from', toTime: 'to' }[problem.field];
        return { [field ?? 'from']: problem.message };
      }
      const taken = allocations.find(
        (allocation) =>
          machineIds.includes(allocation.machineId) &&
          periodsOverlap(allocation, { fromTime: period.fromTime!, toTime: period.toTime! }),
      );
      if (!taken) return {};
      return {
        machineIds: messages.allocationOverlap(
          taken.machine,
          taken.area,
          allocationTimeText(taken.fromTime, timeZone),
          allocationTimeText(taken.toTime, timeZone, true),
        ),
      };
    },
  });
  const submission = useFormSubmission(form, {
    areaId: 'areaId',
    machineId: 'machineIds',
    fromTime: 'from',
    toTime: 'to',
  });

  const chooseShift = (shiftId: string | null) => {
    form.setFieldValue('shiftId', shiftId);
    const shift = shifts.find((each) => String(each.id) === shiftId);
    if (!shift) return;
    form.setFieldValue('from', timeText(shift.fromHour, shift.fromMinute));
    // A shift past midnight covers this day up to its end (00:00 reads as 24:00).
    form.setFieldValue('to', shiftCrossesMidnight(shift) ? '00:00' : timeText(shift.toHour, shift.toMinute));
  };

  const submit = (values: AllocationFormValues) => {
    submission.start();
    const period = formPeriod(day, timeOfText(values.from)!, timeOfText(values.to)!, timeZone);
    add.mutate(
      {
        areaId: Number(values.areaId),
        allocations: values.machineIds.map((machineId) => ({ machineId: Number(machineId), ...period })),
      },
      { onSuccess: onClose, onError: submission.fail },
    );
  };

  return (
    <FormModal
      title={`Add allocation on ${day}`}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={add.isPending}
      error={submission.error}
      testId="allocation-form"
    >
      <MultiSelect
        label="Machines"
        required
        searchable
        data-autofocus
        data={machines.map((machine) => ({ value: String(machine.id), label: machine.machineName }))}
        data-testid="allocation-form-machines"
        {...form.getInputProps('machineIds')}
      />
      <Select
        label="Area"
        required
        searchable
        data={areas.map((area) => ({ value: String(area.areaId), label: area.name }))}
        data-testid="allocation-form-area"
        {...form.getInputProps('areaId')}
      />
      <Select
        label="Shift"
        placeholder="Fill the times from a shift"
        clearable
        data={shifts.map((shift) => ({ value: String(shift.id), label: `${shift.name} (${formatShiftTimes(shift)})` }))}
        value={form.values.shiftId}
        onChange={chooseShift}
        data-testid="allocation-form-shift"
      />
      <Group grow align="flex-start">
        <TextInput
          type="time"
          label="From"
          required
          data-testid="allocation-form-from"
          {...form.getInputProps('from')}
        />
        <TextInput type="time" label="To" required data-testid="allocation-form-to" {...form.getInputProps('to')} />
      </Group>
      <Text size="xs" c="dimmed">
        Times are the yard’s clock on {day}; a To of 00:00 is the end of the day.
      </Text>
    </FormModal>
  );
}
