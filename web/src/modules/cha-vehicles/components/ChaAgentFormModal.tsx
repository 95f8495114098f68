import { TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CHA_CONTACTS_MAX, chaAgentProblem, type ChaAgent } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import type { useChaWrites } from '../hooks/useChaWrites';

interface AgentValues {
  name: string;
  registrationNumber: string;
  contacts: string[];
}

// A new agent: name, registration number, contacts (spec 1 §3 CHA).
export function ChaAgentFormModal({
  save,
  onClose,
  onSaved,
}: {
  save: ReturnType<typeof useChaWrites>['createAgent'];
  onClose: () => void;
  onSaved: (agent: ChaAgent) => void;
}) {
  const form = useForm<AgentValues>({
    initialValues: { name: '', registrationNumber: '', contacts: [] },
    validate: (values) => {
      const problem = chaAgentProblem(values);
      return problem ? { [problem.field]: problem.message } : {};
    },
  });
  const submission = useFormSubmission(form);
  const submit = (values: AgentValues) => {
    submission.start();
    save.mutate(values, {
      onSuccess: (reply) => {
        onSaved(reply.agent);
        onClose();
      },
      onError: submission.fail,
    });
  };
  return (
    <FormModal
      title="Add agent"
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="cha-agent-form"
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        data-testid="cha-agent-form-name"
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Registration number"
        required
        data-testid="cha-agent-form-registrationNumber"
        {...form.getInputProps('registrationNumber')}
      />
      <TagsInput
        label="Contacts"
        description="Phone numbers or e-mail addresses; Enter after each"
        maxTags={CHA_CONTACTS_MAX}
        data-testid="cha-agent-form-contacts"
        {...form.getInputProps('contacts')}
      />
    </FormModal>
  );
}
