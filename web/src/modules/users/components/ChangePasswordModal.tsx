import { useState, type ChangeEvent } from 'react';
import { Alert, PasswordInput } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { messages, passwordChangeError } from '@openyard/contracts';
import { currentUserState } from '../../../app/states/currentUserState';
import { metadataState } from '../../../app/states/metadataState';
import { FormModal } from '../../../ui/FormModal';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useLogout } from '../../auth/hooks/useLogout';
import { useChangePassword } from '../hooks/useChangePassword';

// Spec 3 §4/§9: after a successful change the user is logged out after two seconds.
const logoutDelayMs = 2000;

const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };

// Change password of the logged-in user, opened from the user menu.
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const currentUser = useAtomValue(currentUserState);
  const metadata = useAtomValue(metadataState);
  const changePassword = useChangePassword();
  const logout = useLogout();
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  const close = () => {
    // Once changed, the logout is on its way; the dialog stays until it happens.
    if (changed || changePassword.isPending) return;
    setValues(empty);
    setError(null);
    onClose();
  };

  const submit = () => {
    const ruleError = passwordChangeError(values, metadata?.strictPasswordRule ?? false);
    setError(ruleError);
    if (ruleError || !currentUser) return;
    changePassword.mutate(
      { id: currentUser.id, ...values, user: { username: currentUser.userName } },
      {
        onSuccess: (reply) => {
          if (reply.responsestatus !== messages.passwordUpdated) {
            setError(reply.message || reply.responsestatus);
            return;
          }
          setChanged(true);
          setValues(empty);
          window.setTimeout(() => void logout(), logoutDelayMs);
        },
        onError: (requestError) => setError(errorMessageOf(requestError)),
      },
    );
  };

  const field = (name: keyof typeof empty) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((previous) => ({ ...previous, [name]: value }));
      setError(null);
    },
  });

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Change password"
      withCloseButton={!changed}
      onSubmit={submit}
      saving={changePassword.isPending}
      error={error}
      testId="change-password"
      submitName="submit"
      submitLabel="Change password"
      submitDisabled={changed}
      cancelDisabled={changed}
      footer={
        changed && (
          <Alert color="green" p="xs" data-testid="change-password-success">
            Password changed. You will be logged out and can log in with the new password.
          </Alert>
        )
      }
    >
      <PasswordInput
        label="Old password"
        required
        autoComplete="current-password"
        data-autofocus
        disabled={changed}
        data-testid="change-password-old"
        {...field('oldPassword')}
      />
      <PasswordInput
        label="New password"
        required
        autoComplete="new-password"
        disabled={changed}
        data-testid="change-password-new"
        {...field('newPassword')}
      />
      <PasswordInput
        label="Confirm password"
        required
        autoComplete="new-password"
        disabled={changed}
        data-testid="change-password-confirm"
        {...field('confirmPassword')}
      />
    </FormModal>
  );
}
