import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { plaCardProblem, type PlaCard } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import type { usePlaCardWrites } from '../hooks/usePlaCardWrites';
import { formErrorsOf } from '../utils/formErrorsOf';

interface PlaCardFormValues {
  trailerTagNumber: string;
  plaCardNumber: string;
}

// Add (card = null) or edit a PLA card mapping (spec 3 §2 edit PLA card): a trailer tag of 8
// characters and its card; a tag or card mapped already is the server's refusal, on its field.
export function PlaCardFormModal({
  card,
  save,
  onClose,
}: {
  card: PlaCard | null;
  save: ReturnType<typeof usePlaCardWrites>['save'];
  onClose: () => void;
}) {
  const form = useForm<PlaCardFormValues>({
    initialValues: { trailerTagNumber: card?.trailerTagNumber ?? '', plaCardNumber: card?.plaCardNumber ?? '' },
    validate: (values) => formErrorsOf(plaCardProblem(values)),
  });
  const submission = useFormSubmission(form);

  const submit = (values: PlaCardFormValues) => {
    submission.start();
    save.mutate(
      {
        ...(card ? { id: card.id } : {}),
        trailerTagNumber: values.trailerTagNumber.trim(),
        plaCardNumber: values.plaCardNumber.trim(),
      },
      { onSuccess: onClose, onError: submission.fail },
    );
  };

  return (
    <FormModal
      title={card ? `Edit PLA card ${card.plaCardNumber}` : 'Add PLA card'}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="pla-card-form"
    >
      <TextInput
        label="Trailer tag number"
        required
        data-autofocus
        data-testid="pla-card-form-tag"
        {...form.getInputProps('trailerTagNumber')}
      />
      <TextInput
        label="PLA card number"
        required
        data-testid="pla-card-form-card"
        {...form.getInputProps('plaCardNumber')}
      />
    </FormModal>
  );
}
