import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSetAtom } from 'jotai';
import type { Itv, ItvInput } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { shownCredentialsState } from '../../gate-readers/states/shownCredentialsState';
import type { useItvWrites } from '../hooks/useItvWrites';
import { useItvNumbersCheck } from '../hooks/useItvNumbersCheck';

interface ItvFormValues {
  itvNumber: string;
  trailerNumber: string;
  deviceInstalled: boolean;
}

// Add (itv null) or edit an ITV: its ITV number and trailer number, each unique (checked when the
// field loses focus and again by the save, spec 2 §5), and whether it carries a device. A new
// ITV's device login is shown once after the save.
export function ItvFormModal({
  itv,
  save,
  onClose,
}: {
  itv: Itv | null;
  save: ReturnType<typeof useItvWrites>['save'];
  onClose: () => void;
}) {
  const adding = itv === null;
  const numbersCheck = useItvNumbersCheck(itv?.id ?? null);
  const showCredentials = useSetAtom(shownCredentialsState);
  const form = useForm<ItvFormValues>({
    initialValues: {
      itvNumber: itv?.itvNumber ?? '',
      trailerNumber: itv?.trailerNumber ?? '',
      deviceInstalled: itv?.deviceInstalled ?? true,
    },
    validate: {
      itvNumber: (value) => (value.trim() ? null : 'Enter the ITV number'),
      trailerNumber: (value) => (value.trim() ? null : 'Enter the trailer number'),
    },
  });
  const submission = useFormSubmission(form);

  const checkNumbers = async (field: 'itvNumber' | 'trailerNumber') => {
    const taken = await numbersCheck(form.getValues());
    if (taken[field]) form.setFieldError(field, taken[field]);
  };

  const submit = (values: ItvFormValues) => {
    const input: ItvInput = {
      ...(itv ? { id: itv.id } : {}),
      itvNumber: values.itvNumber.trim(),
      trailerNumber: values.trailerNumber.trim(),
      deviceInstalled: values.deviceInstalled,
    };
    submission.start();
    save.mutate(input, {
      onSuccess: (reply) => {
        if (reply.credentials)
          showCredentials({ title: `Login of ITV ${reply.itv.itvNumber}`, credentials: reply.credentials });
        onClose();
      },
      onError: submission.fail,
    });
  };

  return (
    <FormModal
      title={adding ? 'Add ITV' : `Edit ITV ${itv.itvNumber}`}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="itv-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="ITV number"
          required
          maxLength={30}
          autoComplete="off"
          data-autofocus
          data-testid="itv-form-number"
          {...form.getInputProps('itvNumber')}
          onBlur={() => void checkNumbers('itvNumber')}
        />
        <TextInput
          label="Trailer number"
          required
          maxLength={30}
          autoComplete="off"
          data-testid="itv-form-trailer"
          {...form.getInputProps('trailerNumber')}
          onBlur={() => void checkNumbers('trailerNumber')}
        />
        <Checkbox
          label="Device installed"
          data-testid="itv-form-device"
          {...form.getInputProps('deviceInstalled', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </FormModal>
  );
}
