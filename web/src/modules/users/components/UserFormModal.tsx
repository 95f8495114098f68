import { Checkbox, Group, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue } from 'jotai';
import {
  hasRole,
  mayGrantRole,
  newPasswordError,
  type User,
  type UserCreate,
  type UserUpdate,
} from '@openyard/contracts';
import { currentUserState } from '../../../app/states/currentUserState';
import { metadataState } from '../../../app/states/metadataState';
import { FormModal } from '../../../ui/FormModal';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useRoleNames } from '../hooks/useRoleNames';
import { useSaveUser } from '../hooks/useSaveUser';

interface UserFormValues {
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  phone: string;
  address: string;
  roleId: string | null;
  hidden: boolean;
  enabled: boolean;
}

const orNull = (value: string): string | null => (value.trim() ? value.trim() : null);

// Add (user = null) or edit a user. Mounted only while open, so each opening starts from `user`.
export function UserFormModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const currentUser = useAtomValue(currentUserState);
  const metadata = useAtomValue(metadataState);
  const strictPasswordRule = metadata?.strictPasswordRule ?? false;
  const isSuperadmin = currentUser !== null && hasRole(currentUser, 'superadmin');
  const roleNames = useRoleNames();
  const save = useSaveUser();
  const adding = user === null;

  const form = useForm<UserFormValues>({
    initialValues: {
      username: user?.username ?? '',
      password: '',
      confirmPassword: '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      address: user?.address ?? '',
      roleId: user ? String(user.role.id) : null,
      hidden: user?.hidden ?? false,
      enabled: user?.enabled ?? true,
    },
    validate: {
      username: (value) => (value.trim() ? null : 'Username is required'),
      roleId: (value) => (value ? null : 'Choose a role'),
      // On edit, two empty password fields keep the current password.
      confirmPassword: (value, values) =>
        !adding && !values.password && !value ? null : newPasswordError(values.password, value, strictPasswordRule),
    },
  });

  const submission = useFormSubmission(form, { role: 'roleId' });

  const submit = (values: UserFormValues) => {
    const common = {
      username: values.username.trim(),
      email: orNull(values.email),
      phone: orNull(values.phone),
      address: orNull(values.address),
      role: { id: Number(values.roleId) },
      enabled: values.enabled,
      // Only a superadmin sees and sets the hidden flag (spec 3 §6); for others the server keeps it.
      ...(isSuperadmin ? { hidden: values.hidden } : {}),
    };
    const body: UserCreate | UserUpdate = user
      ? {
          id: user.id,
          ...common,
          ...(values.password ? { password: values.password, confirmPassword: values.confirmPassword } : {}),
        }
      : { ...common, password: values.password, confirmPassword: values.confirmPassword };
    submission.start();
    save.mutate(body, { onSuccess: onClose, onError: submission.fail });
  };

  // Only the roles this user may give (the server refuses the others); an edited user keeps theirs.
  const roleOptions = (roleNames.data ?? [])
    .filter((role) => (currentUser && mayGrantRole(currentUser, role)) || role.id === user?.role.id)
    .map((role) => ({ value: String(role.id), label: role.name }));
  return (
    <FormModal
      title={adding ? 'Add user' : `Edit user ${user.username}`}
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="user-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Username"
          required
          autoComplete="off"
          data-autofocus
          data-testid="user-form-username"
          {...form.getInputProps('username')}
        />
        <Select
          label="Role"
          required
          data={roleOptions}
          searchable
          nothingFoundMessage="No roles"
          error={roleNames.error ? errorMessageOf(roleNames.error) : form.errors.roleId}
          disabled={roleNames.isPending}
          data-testid="user-form-role"
          value={form.values.roleId}
          onChange={(value) => form.setFieldValue('roleId', value)}
        />
        <PasswordInput
          label="Password"
          description={adding ? undefined : 'Leave empty to keep the current password'}
          required={adding}
          autoComplete="new-password"
          data-testid="user-form-password"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          required={adding}
          autoComplete="new-password"
          data-testid="user-form-confirm-password"
          {...form.getInputProps('confirmPassword')}
        />
        <TextInput label="Email" type="email" data-testid="user-form-email" {...form.getInputProps('email')} />
        <TextInput label="Phone" data-testid="user-form-phone" {...form.getInputProps('phone')} />
      </SimpleGrid>
      <TextInput label="Address" data-testid="user-form-address" {...form.getInputProps('address')} />
      <Group gap="lg">
        <Checkbox
          label="Enabled"
          data-testid="user-form-enabled"
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        {isSuperadmin && (
          <Checkbox
            label="Hidden"
            data-testid="user-form-hidden"
            {...form.getInputProps('hidden', { type: 'checkbox' })}
          />
        )}
      </Group>
    </FormModal>
  );
}
