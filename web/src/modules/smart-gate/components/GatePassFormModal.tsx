import { useState } from 'react';
import { Alert, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { messages, type GatePass } from '@openyard/contracts';
import { confirmDialog } from '../../../ui/confirmDialog';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import type { useGatePassWrites } from '../hooks/useGatePassWrites';
import {
  checkDigitWarning,
  gatePassFormErrors,
  gatePassFormValues,
  gatePassInputOf,
  type GatePassFormValues,
} from '../utils/gatePassForm';

// Add (pass = null) or edit a gate pass by hand (spec 2 §3 Gate pass; issue 16): every field of
// the contract. A number whose ISO 6346 check digit is wrong is kept only when the user says so
// (as the gate asks, spec 1 §5); an open pass already stored for the container is the server's
// refusal, on the number.
export function GatePassFormModal({
  pass,
  timeZone,
  save,
  onClose,
}: {
  pass: GatePass | null;
  timeZone: string | undefined;
  save: ReturnType<typeof useGatePassWrites>['save'];
  onClose: () => void;
}) {
  // Mounted only while open: each opening starts from `pass` (a new one dated today).
  const [initialValues] = useState(() => gatePassFormValues(pass, timeZone, Date.now()));
  const form = useForm<GatePassFormValues>({
    initialValues,
    validate: gatePassFormErrors,
  });
  const submission = useFormSubmission(form, { gatePass: 'containerNumber' });
  const warning = checkDigitWarning(form.values.containerNumber);

  const submit = async (values: GatePassFormValues) => {
    submission.start();
    const problem = checkDigitWarning(values.containerNumber);
    if (
      problem &&
      !(await confirmDialog({
        title: messages.invalidContainerNumber,
        message: `${problem} ${messages.gatePassConfirmInvalidNumber}`,
        confirmLabel: 'Save',
      }))
    )
      return;
    save.mutate(gatePassInputOf(values, pass, timeZone), { onSuccess: onClose, onError: submission.fail });
  };

  const day = (key: 'date' | 'boeDate' | 'validTill', label: string) => (
    <TextInput type="date" label={label} data-testid={`gate-pass-form-${key}`} {...form.getInputProps(key)} />
  );
  return (
    <FormModal
      title={pass ? `Edit gate pass of ${pass.containerNumber}` : 'Add gate pass'}
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit((values) => void submit(values))}
      saving={save.isPending}
      error={submission.error}
      testId="gate-pass-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Container number"
          required
          data-autofocus
          autoComplete="off"
          data-testid="gate-pass-form-containerNumber"
          {...form.getInputProps('containerNumber')}
          onChange={(event) => form.setFieldValue('containerNumber', event.currentTarget.value.toUpperCase())}
        />
        {day('date', 'Date')}
        <TextInput label="BOE number" data-testid="gate-pass-form-boeNumber" {...form.getInputProps('boeNumber')} />
        {day('boeDate', 'BOE date')}
        <TextInput label="CHA name" data-testid="gate-pass-form-chaName" {...form.getInputProps('chaName')} />
        <TextInput label="Consignee" data-testid="gate-pass-form-consignee" {...form.getInputProps('consignee')} />
        {day('validTill', 'Valid till')}
      </SimpleGrid>
      <Textarea
        label="Remarks"
        autosize
        minRows={2}
        data-testid="gate-pass-form-remarks"
        {...form.getInputProps('remarks')}
      />
      {warning && (
        <Alert
          color="yellow"
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          data-testid="gate-pass-form-check-digit"
        >
          <Text size="sm">{warning} Saving asks whether to keep it anyway.</Text>
        </Alert>
      )}
    </FormModal>
  );
}
