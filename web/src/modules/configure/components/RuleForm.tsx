import { ColorInput, Group, Select, SimpleGrid, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { messages, RULE_ALL, RULE_DEFAULT_COLOR, ruleSaveError, type Rule, type RuleInput } from '@openyard/contracts';
import { FormFrame } from '../../../ui/FormFrame';
import { notifyError } from '../../../ui/notifyError';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useRuleFilterOptions } from '../hooks/useRuleFilterOptions';
import { useSaveRule } from '../hooks/useSaveRule';
import { RULE_FILTERS, type RuleFilterName } from '../utils/RuleFilterName';

type RuleFormValues = Record<RuleFilterName, string> & { name: string; color: string; hazardous: boolean };

const SWATCHES = [
  '#e03131',
  '#f76707',
  '#f59f00',
  '#2f9e44',
  '#0ca678',
  '#1c7ed6',
  '#4263eb',
  '#7048e8',
  '#ae3ec9',
  '#d6336c',
  '#868e96',
  '#66d9e8',
];

function initialValues(rule: Rule | null): RuleFormValues {
  return {
    name: rule?.name ?? '',
    color: rule?.color ?? RULE_DEFAULT_COLOR,
    process: rule?.process ?? RULE_ALL,
    type: rule?.type ?? RULE_ALL,
    size: rule?.size ?? RULE_ALL,
    category: rule?.category ?? RULE_ALL,
    liner: rule?.liner ?? RULE_ALL,
    customer: rule?.customer ?? RULE_ALL,
    cargoType: rule?.cargoType ?? RULE_ALL,
    hazardous: rule?.hazardous ?? false,
  };
}

const HINTS = {
  name: messages.ruleNameRequired,
  color: messages.ruleColorRequired,
  cells: messages.ruleCellsRequired,
} as const;

interface RuleFormProps {
  // The rule being changed, or null for a new one.
  rule: Rule | null;
  rules: readonly Rule[];
  cellIds: readonly number[];
  onDone: () => void;
}

// The rule form of spec 1 §2/§5: name, colour and filters. Save stays disabled without cells, a
// name or a colour other than #000000; a name another rule has is refused with the spec's text
// (here at once, and by the server, which has the last word).
export function RuleForm({ rule, rules, cellIds, onDone }: RuleFormProps) {
  const options = useRuleFilterOptions();
  const save = useSaveRule();
  const form = useForm<RuleFormValues>({ initialValues: initialValues(rule) });
  // A refusal naming a field (the name another rule has) shows on it, any other under the form.
  const submission = useFormSubmission(form);
  const values = form.values;
  const problem = ruleSaveError({ name: values.name, color: values.color, cellCount: cellIds.length });

  const submit = (submitted: RuleFormValues) => {
    submission.start();
    const name = submitted.name.trim();
    const taken = rules.find(
      (other) => other.id !== rule?.id && other.name.trim().toLowerCase() === name.toLowerCase(),
    );
    if (taken) {
      form.setFieldError('name', messages.ruleNameTaken(name));
      notifyError(messages.ruleNameTaken(name));
      return;
    }
    const input: RuleInput = {
      id: rule?.id ?? null,
      name,
      color: submitted.color,
      process: submitted.process,
      type: submitted.type,
      size: submitted.size,
      category: submitted.category,
      liner: submitted.liner,
      customer: submitted.customer,
      cargoType: submitted.cargoType,
      hazardous: submitted.hazardous,
      cells: cellIds.map((id) => ({ id })),
    };
    save.mutate(input, { onSuccess: onDone, onError: submission.fail });
  };

  return (
    <FormFrame
      onSubmit={form.onSubmit(submit)}
      onCancel={onDone}
      saving={save.isPending}
      error={submission.error}
      submitIcon={<IconDeviceFloppy size={16} />}
      submitDisabled={problem !== null}
      aside={
        <Text size="xs" c="dimmed" data-testid="rule-form-hint">
          {problem ? HINTS[problem] : ' '}
        </Text>
      }
      testId="rule-form"
    >
      <Group justify="space-between" align="baseline">
        <Title order={5}>{rule ? `Edit rule ${rule.name}` : 'New rule'}</Title>
        <Text size="xs" c={cellIds.length ? 'harbour.3' : 'dimmed'} data-testid="rule-form-cell-count">
          {cellIds.length} {cellIds.length === 1 ? 'cell' : 'cells'} selected
        </Text>
      </Group>
      <TextInput
        label="Name"
        placeholder="e.g. Reefer stacks"
        required
        maxLength={80}
        data-testid="rule-form-name"
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <ColorInput
        label="Colour"
        required
        format="hex"
        swatches={SWATCHES}
        swatchesPerRow={6}
        data-testid="rule-form-color"
        key={form.key('color')}
        {...form.getInputProps('color')}
      />
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        {RULE_FILTERS.map((filter) => (
          <Select
            key={form.key(filter.name)}
            label={filter.label}
            data={options[filter.name]}
            searchable
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid={`rule-form-${filter.name}`}
            {...form.getInputProps(filter.name)}
          />
        ))}
      </SimpleGrid>
      <Switch
        label="Hazardous cargo only"
        data-testid="rule-form-hazardous"
        key={form.key('hazardous')}
        {...form.getInputProps('hazardous', { type: 'checkbox' })}
      />
    </FormFrame>
  );
}
