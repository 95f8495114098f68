import { ColorInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CONTAINER_LENGTHS,
  MASTER_FIELD_LABELS,
  masterItemProblem,
  masterListOf,
  type MasterFieldKey,
  type MasterItem,
  type MasterListKey,
} from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useMasterItems } from '../hooks/useMasterItems';
import type { useMasterItemWrites } from '../hooks/useMasterItemWrites';
import { formValuesOf, masterItemInputOf, type MasterItemFormValues } from '../utils/masterItemForm';

// Add (item = null) or edit an item of any list: the fields its description names (MASTER_LISTS),
// checked as the server checks them (masterItemProblem) before the save; a refusal that names a
// field (a name or an owner prefix taken) shows on it.
export function MasterItemFormModal({
  list,
  item,
  save,
  onClose,
}: {
  list: MasterListKey;
  item: MasterItem | null;
  save: ReturnType<typeof useMasterItemWrites>['save'];
  onClose: () => void;
}) {
  const description = masterListOf(list);
  const groups = useMasterItems('activity-groups');
  const form = useForm<MasterItemFormValues>({
    initialValues: formValuesOf(item),
    validate: (values) => {
      const problem = masterItemProblem(masterItemInputOf(list, values));
      return problem ? { [problem.field]: problem.message } : {};
    },
  });
  const submission = useFormSubmission(form);

  const submit = (values: MasterItemFormValues) => {
    submission.start();
    save.mutate(
      { id: item?.id ?? null, body: masterItemInputOf(list, values) },
      { onSuccess: onClose, onError: submission.fail },
    );
  };

  const field = (key: MasterFieldKey, index: number) => {
    const common = {
      key,
      label: MASTER_FIELD_LABELS[key],
      required: key !== 'prefixes',
      'data-testid': `master-item-form-${key}`,
      ...(index === 0 ? { 'data-autofocus': true } : {}),
      ...form.getInputProps(key),
    };
    switch (key) {
      case 'color':
        return <ColorInput {...common} format="hex" swatches={SWATCHES} />;
      case 'prefixes':
        return (
          <TextInput
            {...common}
            description="Four letters each (owner code and U, J or Z), separated by commas or spaces"
          />
        );
      case 'lengthFeet':
        return <Select {...common} data={CONTAINER_LENGTHS.map(String)} allowDeselect={false} />;
      case 'activityGroupId':
        return (
          <Select
            {...common}
            data={(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
            allowDeselect={false}
          />
        );
      default:
        return <TextInput {...common} />;
    }
  };

  return (
    <FormModal
      title={item ? `Edit ${description.noun.toLowerCase()} ${item.name}` : `Add ${description.noun.toLowerCase()}`}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      testId="master-item-form"
    >
      {description.fields.map(field)}
    </FormModal>
  );
}

// Colours a liner may be given at a click; any other is typed or picked.
const SWATCHES = ['#1E88E5', '#43A047', '#E53935', '#FB8C00', '#8E24AA', '#00ACC1', '#6D4C41', '#FDD835'];
