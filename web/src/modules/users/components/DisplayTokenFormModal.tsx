import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEVICE_TOKEN_ROLES, type DeviceTokenRole, type DisplayTokenCreated } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useDisplayTokenWrites } from '../hooks/useDisplayTokenWrites';
import { DEVICE_ROLE_LABELS } from '../utils/deviceUrlOf';

// A new device token, named after the wall display or kiosk it is for ("Control room TV 1", "Gate kiosk").
export function DisplayTokenFormModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: DisplayTokenCreated) => void;
}) {
  const { create } = useDisplayTokenWrites();
  const form = useForm({
    initialValues: { name: '', role: 'display' as DeviceTokenRole },
    validate: { name: (value) => (value.trim() ? null : 'A name is required') },
  });
  const submission = useFormSubmission(form);
  const submit = ({ name, role }: { name: string; role: DeviceTokenRole }) => {
    submission.start();
    create.mutate({ name: name.trim(), role }, { onSuccess: onCreated, onError: submission.fail });
  };
  return (
    <FormModal
      title="New device token"
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={create.isPending}
      error={submission.error}
      testId="display-token-form"
    >
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Device
        </Text>
        <SegmentedControl
          data={DEVICE_TOKEN_ROLES.map((role) => ({ value: role, label: DEVICE_ROLE_LABELS[role] }))}
          data-testid="display-token-form-role"
          {...form.getInputProps('role')}
        />
      </Stack>
      <TextInput
        label="Name"
        description={
          form.values.role === 'kiosk'
            ? 'Which kiosk it is for; the token opens the public kiosk pages and lets it save kiosk tasks'
            : 'Which screen it is for; the token opens the wall display, read-only'
        }
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
