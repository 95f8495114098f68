import { Group, Switch, TextInput } from '@mantine/core';
import { REPORT_ALL_ID, reportType, type ReportFilter } from '@openyard/contracts';
import type { ReportForm } from '../utils/ReportForm';
import type { ReportFormProblems } from '../utils/reportFormProblems';
import { ReportFilterField } from './ReportFilterField';

const ID_FILTERS: readonly ReportFilter[] = ['processId', 'sizeId', 'areaId', 'liner'];

// The parameters of the chosen report (spec 2 §3, §9): its yard days where it takes them (optional
// for the trailer report), its filters, and the trailer report's Loaded-only switch. Problems show
// on their field as the form changes (spec 2 §5), with the server's words.
export function ReportFilters({
  form,
  problems,
  onChange,
}: {
  form: ReportForm;
  problems: ReportFormProblems;
  onChange: (patch: Partial<ReportForm>) => void;
}) {
  const type = reportType(form.key);
  const valueOf = (filter: ReportFilter) => String(form[filter]);
  const change = (filter: ReportFilter, value: string) =>
    onChange({ [filter]: ID_FILTERS.includes(filter) ? Number(value) || REPORT_ALL_ID : value });
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" data-testid="reports-filters">
      {type.dates !== 'none' && (
        <>
          <TextInput
            size="xs"
            type="date"
            w={150}
            label={type.dates === 'optional' ? 'From (optional)' : 'From'}
            value={form.from}
            max={form.to || undefined}
            onChange={(event) => onChange({ from: event.currentTarget.value })}
            error={problems.from}
            data-testid="reports-from"
          />
          <TextInput
            size="xs"
            type="date"
            w={150}
            label={type.dates === 'optional' ? 'To (optional)' : 'To'}
            value={form.to}
            min={form.from || undefined}
            onChange={(event) => onChange({ to: event.currentTarget.value })}
            error={problems.to}
            data-testid="reports-to"
          />
        </>
      )}
      {type.filters.map((filter) => (
        <ReportFilterField
          key={filter}
          filter={filter}
          value={valueOf(filter)}
          machineAll={type.machineAll === true}
          error={filter === 'machineName' ? problems.machineName : undefined}
          onChange={(value) => change(filter, value)}
        />
      ))}
      {form.key === 'trailers' && (
        <Switch
          size="sm"
          mt={26}
          label="Loaded only"
          checked={form.loadedOnly}
          onChange={(event) => onChange({ loadedOnly: event.currentTarget.checked })}
          data-testid="reports-loaded-only"
        />
      )}
    </Group>
  );
}
