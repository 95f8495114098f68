import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DisplayTokenCreated } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useDisplayTokenWrites } from '../hooks/useDisplayTokenWrites';

// A new display token, named after the display it is for ("Control room TV 1").
export function DisplayTokenFormModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: DisplayTokenCreated) => void;
}) {
  const { create } = useDisplayTokenWrites();
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (value) => (value.trim() ? null : 'A name is required') },
  });
  const submission = useFormSubmission(form);
  const submit = ({ name }: { name: string }) => {
    submission.start();
    create.mutate({ name: name.trim() }, { onSuccess: onCreated, onError: submission.fail });
  };
  return (
    <FormModal
      title="New display token"
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={create.isPending}
      error={submission.error}
      testId="display-token-form"
    >
      <TextInput
        label="Display name"
        description="Which screen it is for; the token opens the wall display, read-only"
        required
        maxLength={60}
        autoComplete="off"
        data-autofocus
        data-testid="display-token-form-name"
        {...form.getInputProps('name')}
      />
    </FormModal>
  );
}
