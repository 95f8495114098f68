import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { permanentTrailerProblem, TRAILER_CLASSES, type PermanentTrailer } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import type { usePermanentTrailerWrites } from '../hooks/usePermanentTrailerWrites';
import { formErrorsOf } from '../utils/formErrorsOf';

interface PermanentTrailerFormValues {
  trailerNumber: string;
  trailerTag: string;
  trailerType: string | null;
  transporter: string;
}

// Add (trailer = null) or edit a permanent trailer (spec 3 §2 edit permanent trailer).
export function PermanentTrailerFormModal({
  trailer,
  save,
  onClose,
}: {
  trailer: PermanentTrailer | null;
  save: ReturnType<typeof usePermanentTrailerWrites>['save'];
  onClose: () => void;
}) {
  const form = useForm<PermanentTrailerFormValues>({
    initialValues: {
      trailerNumber: trailer?.trailerNumber ?? '',
      trailerTag: trailer?.trailerTag ?? '',
      trailerType: trailer?.trailerType ?? null,
      transporter: trailer?.transporter ?? '',
    },
    validate: (values) => formErrorsOf(permanentTrailerProblem(values)),
  });
  const submission = useFormSubmission(form);
  const classes: string[] = [...TRAILER_CLASSES];
  if (trailer?.trailerType && !classes.includes(trailer.trailerType)) classes.unshift(trailer.trailerType);

  const submit = (values: PermanentTrailerFormValues) => {
    submission.start();
    save.mutate(
      {
        ...(trailer ? { id: trailer.id } : {}),
        trailerNumber: values.trailerNumber.trim(),
        trailerTag: values.trailerTag.trim(),
        trailerType: values.trailerType,
        transporter: values.transporter.trim() || null,
      },
      { onSuccess: onClose, onError: submission.fail },
    );
  };

  return (
    <FormModal
      title={trailer ? `Edit permanent trailer ${trailer.trailerNumber}` : 'Add permanent trailer'}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="permanent-trailer-form"
    >
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Trailer number"
          required
          data-autofocus
          data-testid="permanent-trailer-form-number"
          {...form.getInputProps('trailerNumber')}
        />
        <TextInput
          label="Trailer tag"
          required
          data-testid="permanent-trailer-form-tag"
          {...form.getInputProps('trailerTag')}
        />
        <Select
          label="Trailer type"
          data={classes}
          clearable
          data-testid="permanent-trailer-form-type"
          {...form.getInputProps('trailerType')}
        />
        <TextInput
          label="Transporter"
          data-testid="permanent-trailer-form-transporter"
          {...form.getInputProps('transporter')}
        />
      </SimpleGrid>
    </FormModal>
  );
}
