import { Group, Select } from '@mantine/core';
import { pairStart, slotSpan, type LocationDraft, type YardLayout } from '@openyard/contracts';

// The inline location of one row while locations are being updated: area, row, column and height
// picked from the layout, so that only slots that exist can be chosen; a 40 ft box is offered the
// first columns of merged pairs only. The server checks the rest (taken, holes, height).
export function LocationEditor({
  draft,
  size,
  layout,
  onChange,
  testId,
}: {
  draft: LocationDraft;
  size: number;
  layout: YardLayout;
  onChange: (draft: LocationDraft) => void;
  testId: string;
}) {
  const area = layout.areaLayouts.find((candidate) => candidate.name === draft.area);
  const rows = area ? [...area.rowLayouts].sort((a, b) => a.index - b.index).map((row) => row.name) : [];
  const columns = area
    ? [...area.cellNames]
        .sort((a, b) => a.index - b.index)
        .filter((column) => slotSpan(size) === 1 || pairStart(area.cellNames, column.index) === column.index)
        .map((column) => column.name)
    : [];
  const heights = area?.heightNames ?? [];
  const common = { size: 'xs', w: 74, comboboxProps: { withinPortal: true }, allowDeselect: false } as const;
  return (
    <Group gap={4} wrap="nowrap" data-testid={testId} onClick={(event) => event.stopPropagation()}>
      <Select
        {...common}
        aria-label="Area"
        placeholder="Area"
        data={layout.areaLayouts.map((candidate) => candidate.name)}
        value={draft.area ?? null}
        onChange={(value) => onChange({ ...draft, area: value, row: null, column: null, height: null })}
        data-testid={`${testId}-area`}
      />
      <Select
        {...common}
        aria-label="Row"
        placeholder="Row"
        data={rows}
        value={draft.row ?? null}
        onChange={(value) => onChange({ ...draft, row: value })}
        data-testid={`${testId}-row`}
      />
      <Select
        {...common}
        aria-label="Column"
        placeholder="Col"
        data={columns}
        value={draft.column && columns.includes(draft.column) ? draft.column : null}
        onChange={(value) => onChange({ ...draft, column: value })}
        data-testid={`${testId}-column`}
      />
      <Select
        {...common}
        aria-label="Height"
        placeholder="Tier"
        data={heights}
        value={draft.height ?? null}
        onChange={(value) => onChange({ ...draft, height: value })}
        data-testid={`${testId}-height`}
      />
    </Group>
  );
}
