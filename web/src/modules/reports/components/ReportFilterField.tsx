import { Select, TextInput } from '@mantine/core';
import { REPORT_ALL, type ReportFilter } from '@openyard/contracts';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useReportFilterOptions } from '../hooks/useReportFilterOptions';
import { REPORT_FILTER_LABELS } from '../utils/reportFilterOptions';

// One filter of the chosen report: a choice from its list with All first (spec 2 §9), the machine
// without All where the report needs one, or the machine typed when the user may not list them.
export function ReportFilterField({
  filter,
  value,
  machineAll,
  error,
  onChange,
}: {
  filter: ReportFilter;
  value: string;
  machineAll: boolean;
  error?: string;
  onChange: (value: string) => void;
}) {
  const choices = useReportFilterOptions(filter, machineAll);
  const label = REPORT_FILTER_LABELS[filter];
  const testId = `reports-filter-${filter}`;
  if (choices.typed)
    return (
      <TextInput
        size="xs"
        w={180}
        label={label}
        placeholder={machineAll ? REPORT_ALL : 'Machine name'}
        value={value === REPORT_ALL ? '' : value}
        onChange={(event) => onChange(event.currentTarget.value || REPORT_ALL)}
        error={error}
        data-testid={testId}
      />
    );
  const known = choices.options.some((option) => option.value === value);
  return (
    <Select
      size="xs"
      w={180}
      label={label}
      data={choices.options}
      value={known ? value : null}
      placeholder={choices.loading ? 'Loading…' : filter === 'machineName' ? 'Choose a machine' : REPORT_ALL}
      onChange={(next) => onChange(next ?? REPORT_ALL)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Nothing matches"
      error={error ?? (choices.error ? errorMessageOf(choices.error) : undefined)}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
