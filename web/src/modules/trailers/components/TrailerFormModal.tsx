import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TRAILER_CLASSES, TRAILER_GATE_IN_TYPES, trailerProblem, type Trailer } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import type { useTrailerWrites } from '../hooks/useTrailerWrites';
import { formErrorsOf } from '../utils/formErrorsOf';

interface TrailerFormValues {
  trailerNumber: string;
  trailerTagId: string;
  type: string;
  trailerType: string | null;
  containerNumber: string;
}

// Add (trailer = null) or edit a trailer (spec 3 §2 edit trailer). The rules of contracts'
// trailerProblem answer at once; the server's refusal shows on its field or above the buttons.
export function TrailerFormModal({
  trailer,
  save,
  onClose,
}: {
  trailer: Trailer | null;
  save: ReturnType<typeof useTrailerWrites>['save'];
  onClose: () => void;
}) {
  const form = useForm<TrailerFormValues>({
    initialValues: {
      trailerNumber: trailer?.trailerNumber ?? '',
      trailerTagId: trailer?.trailerTagId ?? '',
      type: trailer?.type ?? TRAILER_GATE_IN_TYPES[0],
      trailerType: trailer?.trailerType ?? null,
      containerNumber: trailer?.containerNumber ?? '',
    },
    validate: (values) => formErrorsOf(trailerProblem(values)),
  });
  const submission = useFormSubmission(form);
  const types =
    trailer && !(TRAILER_GATE_IN_TYPES as readonly string[]).includes(trailer.type)
      ? [trailer.type, ...TRAILER_GATE_IN_TYPES]
      : [...TRAILER_GATE_IN_TYPES];

  const submit = (values: TrailerFormValues) => {
    submission.start();
    save.mutate(
      {
        ...(trailer ? { id: trailer.id } : {}),
        trailerNumber: values.trailerNumber.trim(),
        trailerTagId: values.trailerTagId.trim() || null,
        type: values.type,
        trailerType: values.trailerType,
        containerNumber: values.containerNumber.trim() || null,
      },
      { onSuccess: onClose, onError: submission.fail },
    );
  };

  return (
    <FormModal
      title={trailer ? `Edit trailer ${trailer.trailerNumber}` : 'Add trailer'}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="trailer-form"
    >
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Trailer number"
          required
          data-autofocus
          data-testid="trailer-form-number"
          {...form.getInputProps('trailerNumber')}
        />
        <TextInput label="Trailer tag" data-testid="trailer-form-tag" {...form.getInputProps('trailerTagId')} />
        <Select label="Type" required data={types} data-testid="trailer-form-type" {...form.getInputProps('type')} />
        <Select
          label="Trailer type"
          data={[...TRAILER_CLASSES]}
          clearable
          data-testid="trailer-form-trailer-type"
          {...form.getInputProps('trailerType')}
        />
      </SimpleGrid>
      <TextInput
        label="Containers"
        description="Container numbers, separated by commas"
        data-testid="trailer-form-containers"
        {...form.getInputProps('containerNumber')}
      />
    </FormModal>
  );
}
