import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue, useSetAtom } from 'jotai';
import { CAMERAS, messages, type Camera, type Gate, type GateInput } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useSaveGate } from '../hooks/useSaveGate';
import { shownCredentialsState } from '../states/shownCredentialsState';

interface GateFormValues {
  name: string;
  type: 'IN' | 'OUT';
  latitude: number | string;
  longitude: number | string;
  cameras: Record<Camera, string>;
}

const numberOrNull = (value: number | string): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function camerasOf(gate: Gate | null): Record<Camera, string> {
  const cameras = Object.fromEntries(CAMERAS.map((camera) => [camera, ''])) as Record<Camera, string>;
  for (const entry of gate?.camConfig ?? []) cameras[entry.id] = entry.name;
  return cameras;
}

// Add (gate = null) or update a gate: name, IN/OUT, position and the names of its cameras. The
// checks of spec 1 §5 answer at once; the server checks the same and its text shows otherwise.
export function GateFormModal({ gate, onClose }: { gate: Gate | null; onClose: () => void }) {
  const yardCenter = useAtomValue(metadataState)?.yardCenter;
  const showCredentials = useSetAtom(shownCredentialsState);
  const save = useSaveGate();
  const adding = gate === null;

  const form = useForm<GateFormValues>({
    initialValues: {
      name: gate?.name ?? '',
      type: gate?.type ?? 'IN',
      latitude: gate?.positionLat ?? '',
      longitude: gate?.positionLong ?? '',
      cameras: camerasOf(gate),
    },
    validate: {
      name: (value) => (value.trim() ? null : messages.gateNameEmpty),
      latitude: (value) => {
        const latitude = numberOrNull(value);
        if (latitude === null) return messages.gateLatitudeEmpty;
        return Math.abs(latitude) > 90 ? 'Latitude must be between -90 and 90' : null;
      },
      longitude: (value) => {
        const longitude = numberOrNull(value);
        if (longitude === null) return messages.gateLongitudeEmpty;
        return Math.abs(longitude) > 180 ? 'Longitude must be between -180 and 180' : null;
      },
    },
  });
  const submission = useFormSubmission(form, { positionLat: 'latitude', positionLong: 'longitude' });

  const submit = (values: GateFormValues) => {
    const input: GateInput = {
      name: values.name.trim(),
      type: values.type,
      positionLat: numberOrNull(values.latitude),
      positionLong: numberOrNull(values.longitude),
      camConfig: CAMERAS.flatMap((camera) => {
        const name = values.cameras[camera].trim();
        return name ? [{ id: camera, name }] : [];
      }),
    };
    submission.start();
    save.mutate(
      { id: gate?.id ?? null, input },
      {
        onSuccess: (reply) => {
          if (reply.credentials) {
            showCredentials({ title: `Camera login of gate ${reply.gate.name}`, credentials: reply.credentials });
          }
          onClose();
        },
        onError: submission.fail,
      },
    );
  };

  const fillYardCenter = () => {
    if (!yardCenter) return;
    form.setFieldValue('latitude', yardCenter.latitude);
    form.setFieldValue('longitude', yardCenter.longitude);
  };

  return (
    <FormModal
      title={adding ? 'Add gate' : `Update gate ${gate.name}`}
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="gate-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Name"
          required
          maxLength={60}
          autoComplete="off"
          data-autofocus
          data-testid="gate-form-name"
          {...form.getInputProps('name')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Type
          </Text>
          <SegmentedControl
            data={[
              { value: 'IN', label: 'IN' },
              { value: 'OUT', label: 'OUT' },
            ]}
            aria-label="Gate type"
            data-testid="gate-form-type"
            value={form.values.type}
            onChange={(value) => form.setFieldValue('type', value === 'OUT' ? 'OUT' : 'IN')}
          />
        </Stack>
        <NumberInput
          label="Latitude"
          required
          decimalScale={7}
          min={-90}
          max={90}
          hideControls
          data-testid="gate-form-latitude"
          {...form.getInputProps('latitude')}
        />
        <NumberInput
          label="Longitude"
          required
          decimalScale={7}
          min={-180}
          max={180}
          hideControls
          data-testid="gate-form-longitude"
          {...form.getInputProps('longitude')}
        />
      </SimpleGrid>
      {yardCenter && (
        <Group justify="flex-end" mt={-6}>
          <Button size="compact-xs" variant="subtle" onClick={fillYardCenter} data-testid="gate-form-yard-center">
            Use the yard centre
          </Button>
        </Group>
      )}
      <Fieldset legend="Cameras" p="sm">
        <Text size="xs" c="dimmed" mb="xs">
          Name the cameras this gate has; leave the others empty.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {CAMERAS.map((camera) => (
            <TextInput
              key={camera}
              label={camera}
              size="xs"
              maxLength={60}
              placeholder="Not fitted"
              data-testid={`gate-form-camera-${camera}`}
              {...form.getInputProps(`cameras.${camera}`)}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
    </FormModal>
  );
}
