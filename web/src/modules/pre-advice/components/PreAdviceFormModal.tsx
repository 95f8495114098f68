import { useState } from 'react';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  isValidContainerNumber,
  messages,
  normalizeContainerNumber,
  type PreAdvice,
  type PreAdviceInput,
} from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useMasterList } from '../../containers/hooks/useMasterList';
import { yardDateTimeOf } from '../../gate/utils/yardDateTime';
import type { usePreAdviceWrites } from '../hooks/usePreAdviceWrites';
import { windowFieldsOf, windowOf } from '../utils/preAdviceWindow';

interface PreAdviceFormValues {
  containerNumber: string;
  expectedFrom: string;
  expectedTo: string;
  containerSize: string | null;
  containerType: string | null;
  process: string | null;
  category: string | null;
  liner: string | null;
  trailerNumber: string;
}

const names = (list: { name: string }[] | undefined) => (list ?? []).map((item) => item.name);

// Add (preAdvice = null) or edit an open pre-advice: the number (ISO 6346, checked here and by
// the server), the expected window in the yard's clock, master data as the lists name it, and
// the trailer when known. Without a liner the server takes the one of the owner code.
export function PreAdviceFormModal({
  preAdvice,
  timeZone,
  save,
  onClose,
}: {
  preAdvice: PreAdvice | null;
  timeZone: string;
  save: ReturnType<typeof usePreAdviceWrites>['save'];
  onClose: () => void;
}) {
  const sizes = useMasterList('containerSizes');
  const types = useMasterList('containerTypes');
  const processes = useMasterList('containerProcesses');
  const categories = useMasterList('categories');
  const liners = useMasterList('linerInfos');
  // A new pre-advice starts now (the minute the dialog opened).
  const [openedAt] = useState(() => Date.now());
  const initialWindow = preAdvice
    ? windowFieldsOf(preAdvice, timeZone)
    : { expectedFrom: yardDateTimeOf(openedAt, timeZone), expectedTo: '' };
  const form = useForm<PreAdviceFormValues>({
    initialValues: {
      containerNumber: preAdvice?.containerNumber ?? '',
      ...initialWindow,
      containerSize: preAdvice?.containerSize ?? null,
      containerType: preAdvice?.containerType ?? null,
      process: preAdvice?.process ?? null,
      category: preAdvice?.category ?? null,
      liner: preAdvice?.liner ?? null,
      trailerNumber: preAdvice?.trailerNumber ?? '',
    },
    validate: {
      containerNumber: (value) =>
        isValidContainerNumber(value) ? null : messages.preAdviceNumberInvalid(normalizeContainerNumber(value)),
      expectedFrom: (value, values) =>
        windowOf({ expectedFrom: value, expectedTo: values.expectedTo }, timeZone)
          ? null
          : messages.preAdviceExpectedRequired,
      containerSize: (value) => (value ? null : messages.containerSizeRequired),
    },
  });
  const submission = useFormSubmission(form);

  const submit = (values: PreAdviceFormValues) => {
    const expected = windowOf(values, timeZone);
    if (!expected) return;
    const input: PreAdviceInput = {
      containerNumber: normalizeContainerNumber(values.containerNumber),
      ...expected,
      containerSize: values.containerSize ?? '',
      containerType: values.containerType,
      process: values.process,
      category: values.category,
      liner: values.liner,
      trailerNumber: values.trailerNumber.trim() || null,
    };
    submission.start();
    save.mutate({ id: preAdvice?.id ?? null, input }, { onSuccess: onClose, onError: submission.fail });
  };

  return (
    <FormModal
      title={preAdvice ? `Edit pre-advice ${preAdvice.containerNumber}` : 'Add pre-advice'}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={save.isPending}
      error={submission.error}
      size="lg"
      testId="pre-advice-form"
    >
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Container number"
          required
          data-autofocus
          autoComplete="off"
          data-testid="pre-advice-form-number"
          {...form.getInputProps('containerNumber')}
        />
        <TextInput
          label="Trailer number"
          autoComplete="off"
          data-testid="pre-advice-form-trailer"
          {...form.getInputProps('trailerNumber')}
        />
        <TextInput
          type="datetime-local"
          label="Expected from"
          required
          data-testid="pre-advice-form-from"
          {...form.getInputProps('expectedFrom')}
        />
        <TextInput
          type="datetime-local"
          label="Expected until"
          description="Empty: until the end of that day"
          data-testid="pre-advice-form-to"
          {...form.getInputProps('expectedTo')}
        />
        <Select
          label="Size"
          required
          data={names(sizes.data)}
          data-testid="pre-advice-form-size"
          {...form.getInputProps('containerSize')}
        />
        <Select
          label="Type"
          clearable
          data={names(types.data)}
          data-testid="pre-advice-form-type"
          {...form.getInputProps('containerType')}
        />
        <Select
          label="Process"
          clearable
          data={names(processes.data)}
          data-testid="pre-advice-form-process"
          {...form.getInputProps('process')}
        />
        <Select
          label="Category"
          clearable
          data={names(categories.data)}
          data-testid="pre-advice-form-category"
          {...form.getInputProps('category')}
        />
        <Select
          label="Liner"
          clearable
          placeholder="From the owner code"
          data={names(liners.data)}
          data-testid="pre-advice-form-liner"
          {...form.getInputProps('liner')}
        />
      </SimpleGrid>
    </FormModal>
  );
}
