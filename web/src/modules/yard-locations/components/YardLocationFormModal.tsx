import { Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  YARD_LOCATION_NAME_MAX_LENGTH,
  YARD_LOCATION_TYPES,
  yardLocationProblem,
  type YardCoordinate,
  type YardLocation,
  type YardLocationType,
} from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import type { useYardLocationWrites } from '../hooks/useYardLocationWrites';
import { YARD_LOCATION_TYPE_LABELS } from '../utils/yardLocationTypes';
import { PolygonEditor } from './PolygonEditor';

interface YardLocationFormValues {
  name: string;
  type: YardLocationType | null;
  coordinates: YardCoordinate[];
}

const TYPE_OPTIONS = YARD_LOCATION_TYPES.map((type) => ({ value: type, label: YARD_LOCATION_TYPE_LABELS[type] }));

// The edit yard location modal (spec 3 §2): a name, a type from the list and the polygon drawn on
// the yard map, checked as spec 3 §5 says before it is sent (the server checks again).
export function YardLocationFormModal({
  location,
  others,
  save,
  onClose,
}: {
  location: YardLocation | null;
  others: readonly YardLocation[];
  save: ReturnType<typeof useYardLocationWrites>['save'];
  onClose: () => void;
}) {
  const form = useForm<YardLocationFormValues>({
    initialValues: {
      name: location?.name ?? '',
      type: location?.type ?? 'YARD_ZONE',
      coordinates: location?.coordinates ?? [],
    },
    validate: (values) => {
      const problem = yardLocationProblem(values);
      return problem ? { [problem.field]: problem.message } : {};
    },
  });
  const submission = useFormSubmission(form);

  const submit = (values: YardLocationFormValues) => {
    submission.start();
    save.mutate(
      {
        id: location?.id ?? null,
        body: { name: values.name.trim(), type: values.type!, coordinates: values.coordinates },
      },
      { onSuccess: onClose, onError: submission.fail },
    );
  };

  return (
    <FormModal
      title={location ? `Edit yard location ${location.name}` : 'Add yard location'}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      size="80rem"
      testId="yard-location-form"
    >
      <Group grow align="flex-start">
        <TextInput
          label="Name"
          required
          maxLength={YARD_LOCATION_NAME_MAX_LENGTH}
          data-autofocus
          data-testid="yard-location-form-name"
          {...form.getInputProps('name')}
        />
        <Select
          label="Location type"
          required
          allowDeselect={false}
          data={TYPE_OPTIONS}
          data-testid="yard-location-form-type"
          {...form.getInputProps('type')}
        />
      </Group>
      <PolygonEditor
        value={form.values.coordinates}
        onChange={(points) => {
          form.setFieldValue('coordinates', points);
          form.clearFieldError('coordinates');
        }}
        others={others}
        error={typeof form.errors.coordinates === 'string' ? form.errors.coordinates : null}
      />
    </FormModal>
  );
}
