import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, type Role } from '@openyard/contracts';
import { AppModal } from '../../../ui/AppModal';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { notifyError } from '../../../ui/notifyError';
import { notifySuccess } from '../../../ui/notifySuccess';
import { showServerFieldError } from '../../../ui/showServerFieldError';
import { useSaveRole } from '../hooks/useSaveRole';

// Add (role = null) or rename a role. Mounted only while open, so each opening starts from `role`.
export function RoleFormModal({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const save = useSaveRole();
  const [serverError, setServerError] = useState<string | null>(null);
  const adding = role === null;
  const form = useForm({
    initialValues: { name: role?.name ?? '' },
    validate: { name: (value) => (value.trim() ? null : 'Role name is required') },
  });

  const submit = ({ name }: { name: string }) => {
    setServerError(null);
    save.mutate(role ? { id: role.id, name: name.trim() } : { name: name.trim() }, {
      onSuccess: () => {
        notifySuccess(adding ? messages.roleAdded : messages.roleUpdated);
        onClose();
      },
      onError: (error) => {
        const detail = errorMessageOf(error);
        notifyError(adding ? messages.roleNotAdded : messages.roleNotUpdated, detail);
        if (!showServerFieldError(form, error)) setServerError(detail);
      },
    });
  };

  return (
    <AppModal opened onClose={onClose} title={adding ? 'Add role' : `Edit role ${role.name}`} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            autoComplete="off"
            data-autofocus
            data-testid="role-form-name"
            {...form.getInputProps('name')}
          />
          {serverError && (
            <Alert color="red" p="xs" data-testid="role-form-error">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} data-testid="role-form-cancel">
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="role-form-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
