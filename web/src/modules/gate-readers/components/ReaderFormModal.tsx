import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSetAtom } from 'jotai';
import { messages, type GateReader, type GateReaderInput } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useGates } from '../hooks/useGates';
import { useReaderTypes } from '../hooks/useReaderTypes';
import { useSaveReader } from '../hooks/useSaveReader';
import { shownCredentialsState } from '../states/shownCredentialsState';

interface ReaderFormValues {
  name: string;
  readerType: string | null;
  ip: string;
  gateId: string | null;
  latitude: number | string;
  longitude: number | string;
}

// The spec's default reader type (spec 1 §3, §9).
const defaultReaderType = 'GATEIN';

const numberOrNull = (value: number | string): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

// Add (reader = null) or update a reader: name, type, IP, its gate (or none) and position.
export function ReaderFormModal({
  reader,
  gateId,
  onClose,
}: {
  reader: GateReader | null;
  gateId?: number;
  onClose: () => void;
}) {
  const readerTypes = useReaderTypes();
  const gates = useGates();
  const adding = reader === null;
  const save = useSaveReader({
    success: (reply) => (adding ? `Reader ${reply.reader.name} added` : `Reader ${reply.reader.name} updated`),
    quiet: true,
  });
  const showCredentials = useSetAtom(shownCredentialsState);

  const form = useForm<ReaderFormValues>({
    initialValues: {
      name: reader?.name ?? '',
      readerType: reader?.readerType ?? defaultReaderType,
      ip: reader?.ip ?? '',
      gateId: reader?.gate ? String(reader.gate.id) : gateId !== undefined ? String(gateId) : null,
      latitude: reader?.positionLat ?? '',
      longitude: reader?.positionLong ?? '',
    },
    validate: {
      name: (value) => (value.trim() ? null : messages.readerNameEmpty),
      readerType: (value) => (value?.trim() ? null : messages.readerTypeEmpty),
      ip: (value) => (value.trim() ? null : messages.readerIpEmpty),
      latitude: (value) => {
        const latitude = numberOrNull(value);
        return latitude !== null && Math.abs(latitude) > 90 ? 'Latitude must be between -90 and 90' : null;
      },
      longitude: (value) => {
        const longitude = numberOrNull(value);
        return longitude !== null && Math.abs(longitude) > 180 ? 'Longitude must be between -180 and 180' : null;
      },
    },
  });

  const submission = useFormSubmission(form, { gate: 'gateId', positionLat: 'latitude', positionLong: 'longitude' });

  const submit = (values: ReaderFormValues) => {
    const input: GateReaderInput = {
      name: values.name.trim(),
      readerType: values.readerType?.trim() ?? '',
      ip: values.ip.trim(),
      gate: values.gateId ? { id: Number(values.gateId) } : null,
      positionLat: numberOrNull(values.latitude),
      positionLong: numberOrNull(values.longitude),
    };
    submission.start();
    save.mutate(
      { id: reader?.id ?? null, input },
      {
        onSuccess: (reply) => {
          if (reply.credentials) {
            showCredentials({ title: `Login of reader ${reply.reader.name}`, credentials: reply.credentials });
          }
          onClose();
        },
        onError: submission.fail,
      },
    );
  };

  const typeOptions = [
    ...new Set([...(readerTypes.data ?? []).map((type) => type.name), ...(reader ? [reader.readerType] : [])]),
  ];
  if (typeOptions.length === 0) typeOptions.push(defaultReaderType);
  const gateOptions = (gates.data ?? []).map((gate) => ({
    value: String(gate.id),
    label: `${gate.name} (${gate.type})`,
  }));

  return (
    <FormModal
      title={adding ? 'Add reader' : `Update reader ${reader.name}`}
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="reader-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Name"
          required
          maxLength={60}
          autoComplete="off"
          data-autofocus
          data-testid="reader-form-name"
          {...form.getInputProps('name')}
        />
        <Select
          label="Type"
          required
          data={typeOptions}
          allowDeselect={false}
          data-testid="reader-form-type"
          {...form.getInputProps('readerType')}
          error={readerTypes.error ? errorMessageOf(readerTypes.error) : form.errors.readerType}
        />
        <TextInput
          label="IP address"
          required
          maxLength={45}
          autoComplete="off"
          placeholder="10.0.0.21"
          data-testid="reader-form-ip"
          {...form.getInputProps('ip')}
        />
        <Select
          label="Gate"
          placeholder="None"
          data={gateOptions}
          clearable
          searchable
          nothingFoundMessage="No gates"
          disabled={gates.isPending}
          data-testid="reader-form-gate"
          {...form.getInputProps('gateId')}
          error={gates.error ? errorMessageOf(gates.error) : form.errors.gateId}
        />
        <NumberInput
          label="Latitude"
          decimalScale={7}
          min={-90}
          max={90}
          hideControls
          data-testid="reader-form-latitude"
          {...form.getInputProps('latitude')}
        />
        <NumberInput
          label="Longitude"
          decimalScale={7}
          min={-180}
          max={180}
          hideControls
          data-testid="reader-form-longitude"
          {...form.getInputProps('longitude')}
        />
      </SimpleGrid>
    </FormModal>
  );
}
