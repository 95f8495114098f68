import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSetAtom } from 'jotai';
import type { Machine, MachineInput } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useMasterList } from '../../containers/hooks/useMasterList';
import { shownCredentialsState } from '../../gate-readers/states/shownCredentialsState';
import { useMachineNameCheck } from '../hooks/useMachineNameCheck';
import { useSaveMachine } from '../hooks/useSaveMachine';

interface MachineFormValues {
  machineName: string;
  machineType: string | null;
  machineStatus: string | null;
  zone: string | null;
  isrfidInstalled: boolean;
}

const namesOf = (items: readonly { name: string }[] | undefined, current: string | null | undefined) => [
  ...new Set([...(items ?? []).map((item) => item.name), ...(current ? [current] : [])]),
];

// Add (machine null) or edit a machine: name (unique, checked when the field loses focus, spec 2
// §5), type, status, zone and whether it carries an RFID reader. A new machine's device login is
// shown once after the save.
export function MachineFormModal({ machine, onClose }: { machine: Machine | null; onClose: () => void }) {
  const adding = machine === null;
  const types = useMasterList('machineTypes');
  const statuses = useMasterList('machineStatuses');
  const zones = useMasterList('yardZones');
  const save = useSaveMachine();
  const nameCheck = useMachineNameCheck(machine?.id ?? null);
  const showCredentials = useSetAtom(shownCredentialsState);

  const form = useForm<MachineFormValues>({
    initialValues: {
      machineName: machine?.machineName ?? '',
      machineType: machine?.machineType ?? null,
      machineStatus: machine?.machineStatus ?? 'Working',
      zone: machine?.zone ?? null,
      isrfidInstalled: machine?.isrfidInstalled ?? false,
    },
    validate: {
      machineName: (value) => (value.trim() ? null : 'Enter the machine name'),
      machineType: (value) => (value ? null : 'Choose the machine type'),
    },
  });
  const submission = useFormSubmission(form);

  const checkName = async () => {
    const taken = await nameCheck(form.getValues().machineName);
    if (taken) form.setFieldError('machineName', taken);
  };

  const submit = (values: MachineFormValues) => {
    const input: MachineInput = {
      ...(machine ? { id: machine.id } : {}),
      machineName: values.machineName.trim(),
      machineType: values.machineType ?? '',
      ...(values.machineStatus ? { machineStatus: values.machineStatus } : {}),
      isrfidInstalled: values.isrfidInstalled,
      zone: values.zone,
    };
    submission.start();
    save.mutate(input, {
      onSuccess: (reply) => {
        if (reply.credentials)
          showCredentials({ title: `Login of machine ${reply.machine.machineName}`, credentials: reply.credentials });
        onClose();
      },
      onError: submission.fail,
    });
  };

  return (
    <FormModal
      title={adding ? 'Add machine' : `Edit machine ${machine.machineName}`}
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="machine-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Machine name"
          required
          maxLength={40}
          autoComplete="off"
          data-autofocus
          data-testid="machine-form-name"
          {...form.getInputProps('machineName')}
          onBlur={() => void checkName()}
        />
        <Select
          label="Machine type"
          required
          data={namesOf(types.data, machine?.machineType)}
          searchable
          data-testid="machine-form-type"
          {...form.getInputProps('machineType')}
          error={types.error ? errorMessageOf(types.error) : form.errors.machineType}
        />
        <Select
          label="Machine status"
          data={namesOf(statuses.data, machine?.machineStatus)}
          allowDeselect={false}
          data-testid="machine-form-status"
          {...form.getInputProps('machineStatus')}
          error={statuses.error ? errorMessageOf(statuses.error) : form.errors.machineStatus}
        />
        <Select
          label="Zone"
          placeholder="None"
          data={namesOf(zones.data, machine?.zone)}
          clearable
          searchable
          data-testid="machine-form-zone"
          {...form.getInputProps('zone')}
          error={zones.error ? errorMessageOf(zones.error) : form.errors.zone}
        />
        <Checkbox
          label="RFID reader installed"
          data-testid="machine-form-rfid"
          {...form.getInputProps('isrfidInstalled', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </FormModal>
  );
}
