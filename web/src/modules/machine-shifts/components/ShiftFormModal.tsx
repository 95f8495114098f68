import { Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { shiftCrossesMidnight, shiftProblem, type MachineShift } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import type { useShiftWrites } from '../hooks/useShiftWrites';
import { timeOfText, timeText } from '../utils/timeText';

interface ShiftFormValues {
  name: string;
  from: string;
  to: string;
}

const TIME_REQUIRED = 'Enter a time of the day';

// Add (shift = null) or edit a shift (spec 2 §2): a name and its times of the yard's day. An end
// before the start is a night shift that ends on the next day; the form says so.
export function ShiftFormModal({
  shift,
  save,
  onClose,
}: {
  shift: MachineShift | null;
  save: ReturnType<typeof useShiftWrites>['save'];
  onClose: () => void;
}) {
  const form = useForm<ShiftFormValues>({
    initialValues: {
      name: shift?.name ?? '',
      from: shift ? timeText(shift.fromHour, shift.fromMinute) : '',
      to: shift ? timeText(shift.toHour, shift.toMinute) : '',
    },
    validate: (values) => {
      const from = timeOfText(values.from);
      const to = timeOfText(values.to);
      if (!from || !to) return { ...(from ? {} : { from: TIME_REQUIRED }), ...(to ? {} : { to: TIME_REQUIRED }) };
      const problem = shiftProblem(inputOf(values.name, from, to));
      if (!problem) return {};
      return { [problem.field === 'toHour' ? 'to' : problem.field]: problem.message };
    },
  });
  // The server names its fields by the request's names; the form's time fields hold both parts.
  const submission = useFormSubmission(form, { fromHour: 'from', fromMinute: 'from', toHour: 'to', toMinute: 'to' });

  const from = timeOfText(form.values.from);
  const to = timeOfText(form.values.to);
  const crosses =
    from !== null &&
    to !== null &&
    (from.hour !== to.hour || from.minute !== to.minute) &&
    shiftCrossesMidnight(inputOf('', from, to));

  const submit = (values: ShiftFormValues) => {
    submission.start();
    save.mutate(
      {
        ...(shift ? { id: shift.id } : {}),
        ...inputOf(values.name.trim(), timeOfText(values.from)!, timeOfText(values.to)!),
      },
      { onSuccess: onClose, onError: submission.fail },
    );
  };

  return (
    <FormModal
      title={shift ? `Edit shift ${shift.name}` : 'Add shift'}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="shift-form"
    >
      <TextInput label="Name" required data-autofocus data-testid="shift-form-name" {...form.getInputProps('name')} />
      <Group grow align="flex-start">
        <TextInput type="time" label="From" required data-testid="shift-form-from" {...form.getInputProps('from')} />
        <TextInput type="time" label="To" required data-testid="shift-form-to" {...form.getInputProps('to')} />
      </Group>
      {crosses && (
        <Text size="xs" c="dimmed" data-testid="shift-form-next-day">
          The shift crosses midnight: it ends at {form.values.to} on the next day.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Times are the yard’s clock.
      </Text>
    </FormModal>
  );
}

function inputOf(name: string, from: { hour: number; minute: number }, to: { hour: number; minute: number }) {
  return { name, fromHour: from.hour, fromMinute: from.minute, toHour: to.hour, toMinute: to.minute };
}
