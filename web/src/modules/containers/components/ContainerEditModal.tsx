import { Alert, Checkbox, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  isValidContainerNumber,
  messages,
  normalizeContainerNumber,
  type Container,
  type ContainerInput,
} from '@openyard/contracts';
import { confirmDialog } from '../../../ui/confirmDialog';
import { FormModal } from '../../../ui/FormModal';
import { notifySuccess } from '../../../ui/notifySuccess';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useMasterList } from '../hooks/useMasterList';
import { useSaveContainer } from '../hooks/useSaveContainer';

interface ContainerFormValues {
  containerNumber: string;
  sizeName: string | null;
  containerType: string | null;
  process: string | null;
  category: string | null;
  customer: string | null;
  cargoType: string | null;
  hazardous: boolean;
  movementAlert: boolean;
  rfidTagId: string;
  igm: string;
  item: string;
}

const orNull = (value: string | null): string | null => (value && value.trim() ? value.trim() : null);
const names = (list: readonly { name: string }[] | undefined, current: string | null) => {
  const values = (list ?? []).map((entry) => entry.name);
  // A value the lists no longer hold stays choosable, so that saving does not clear it.
  return current && !values.includes(current) ? [current, ...values] : values;
};

// Edit a container (spec 1 §2). The ISO 6346 check warns while typing; the server's
// 'Invalid container number...' asks 'Do you still want to update container?' (spec 1 §5).
export function ContainerEditModal({ container, onClose }: { container: Container; onClose: () => void }) {
  const sizes = useMasterList('containerSizes');
  const types = useMasterList('containerTypes');
  const processes = useMasterList('containerProcesses');
  const categories = useMasterList('categories');
  const cargoTypes = useMasterList('cargoTypes');
  const customers = useMasterList('customers');
  const save = useSaveContainer();

  const form = useForm<ContainerFormValues>({
    initialValues: {
      containerNumber: container.containerNumber,
      sizeName: container.sizeName,
      containerType: container.containerType,
      process: container.process,
      category: container.category,
      customer: container.customer,
      cargoType: container.cargoType,
      hazardous: container.hazardous,
      movementAlert: container.movementAlert,
      rfidTagId: container.rfidTagId ?? '',
      igm: container.igm ?? '',
      item: container.item ?? '',
    },
    validate: {
      containerNumber: (value) =>
        /^[A-Z0-9]{11}$/.test(normalizeContainerNumber(value)) ? null : messages.containerNumberFormat,
      sizeName: (value) => (value ? null : messages.containerSizeRequired),
    },
  });

  const submission = useFormSubmission(form);

  const number = normalizeContainerNumber(form.values.containerNumber);
  const isoWarning = number.length === 11 && !isValidContainerNumber(number);

  const submit = async (values: ContainerFormValues) => {
    submission.start();
    const input: ContainerInput = {
      id: container.id,
      containerNumber: normalizeContainerNumber(values.containerNumber),
      sizeName: values.sizeName ?? container.sizeName,
      containerType: orNull(values.containerType),
      process: orNull(values.process),
      category: orNull(values.category),
      customer: orNull(values.customer),
      cargoType: orNull(values.cargoType),
      hazardous: values.hazardous,
      movementAlert: values.movementAlert,
      rfidTagId: orNull(values.rfidTagId),
      igm: orNull(values.igm),
      item: orNull(values.item),
    };
    try {
      let reply = await save.mutateAsync(input);
      if (reply.responsestatus === messages.invalidContainerNumber) {
        const confirmed = await confirmDialog({
          title: messages.invalidContainerNumber,
          message: `${reply.message ? `${reply.message}. ` : ''}${messages.confirmUpdateInvalidContainer}`,
          confirmLabel: 'Update',
        });
        if (!confirmed) return;
        reply = await save.mutateAsync({ ...input, skipValidation: true });
      }
      if (reply.responsestatus !== 'success') {
        submission.setError(reply.message ?? reply.responsestatus);
        return;
      }
      notifySuccess(reply.message ?? messages.containerUpdated);
      onClose();
    } catch (error) {
      // A refusal about one field shows on that field and clears when it changes.
      submission.fail(error);
    }
  };

  const select = (
    key: keyof ContainerFormValues,
    label: string,
    list: readonly { name: string }[] | undefined,
    required = false,
  ) => (
    <Select
      label={label}
      data={names(list, form.values[key] as string | null)}
      searchable
      clearable={!required}
      withAsterisk={required}
      nothingFoundMessage="Nothing found"
      data-testid={`container-form-${key}`}
      {...form.getInputProps(key)}
    />
  );

  return (
    <FormModal
      title={`Edit container ${container.containerNumber}`}
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit((values) => void submit(values))}
      saving={save.isPending}
      error={submission.error}
      testId="container-form"
    >
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <TextInput
          label="Container number"
          withAsterisk
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="container-form-number"
          {...form.getInputProps('containerNumber')}
          onChange={(event) => form.setFieldValue('containerNumber', event.currentTarget.value.toUpperCase())}
        />
        {select('sizeName', 'Size', sizes.data, true)}
        {select('containerType', 'Type', types.data)}
        {select('process', 'Process', processes.data)}
        {select('category', 'Category', categories.data)}
        {select('cargoType', 'Cargo type', cargoTypes.data)}
        {select('customer', 'Customer', customers.data)}
        <TextInput label="RFID tag" data-testid="container-form-rfid" {...form.getInputProps('rfidTagId')} />
        <TextInput label="IGM" data-testid="container-form-igm" {...form.getInputProps('igm')} />
        <TextInput label="Item" data-testid="container-form-item" {...form.getInputProps('item')} />
      </SimpleGrid>
      {isoWarning && (
        <Alert
          color="yellow"
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          data-testid="container-form-iso"
        >
          <Text size="sm">{number} does not pass the ISO 6346 check digit; saving asks whether to keep it anyway.</Text>
        </Alert>
      )}
      <Group gap="lg">
        <Checkbox label="Hazardous" {...form.getInputProps('hazardous', { type: 'checkbox' })} />
        <Checkbox
          label="Movement alert"
          data-testid="container-form-movement-alert"
          {...form.getInputProps('movementAlert', { type: 'checkbox' })}
        />
      </Group>
    </FormModal>
  );
}
