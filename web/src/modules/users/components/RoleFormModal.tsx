import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Role } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useSaveRole } from '../hooks/useSaveRole';

// Add (role = null) or rename a role. Mounted only while open, so each opening starts from `role`.
export function RoleFormModal({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const save = useSaveRole();
  const adding = role === null;
  const form = useForm({
    initialValues: { name: role?.name ?? '' },
    validate: { name: (value) => (value.trim() ? null : 'Role name is required') },
  });

  const submission = useFormSubmission(form);

  const submit = ({ name }: { name: string }) => {
    submission.start();
    save.mutate(role ? { id: role.id, name: name.trim() } : { name: name.trim() }, {
      onSuccess: onClose,
      onError: submission.fail,
    });
  };

  return (
    <FormModal
      title={adding ? 'Add role' : `Edit role ${role.name}`}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="role-form"
    >
      <TextInput
        label="Name"
        required
        autoComplete="off"
        data-autofocus
        data-testid="role-form-name"
        {...form.getInputProps('name')}
      />
    </FormModal>
  );
}
