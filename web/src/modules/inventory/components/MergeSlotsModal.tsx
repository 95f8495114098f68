import { useState } from 'react';
import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import { mergeTargetColumns, splitTargetColumns } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useYardOperation } from '../hooks/useYardOperation';
import { columnInfos, columnOptions } from '../utils/columnOptions';
import type { YardGeometry } from '../utils/yardGeometry';
import { AreaSelect } from './AreaSelect';

const REQUIRED = 'Choose the area, the from column and the to column';

// Merge Slots and Split Slots (spec 2 §5). Merge offers unmerged columns after the from column at
// an odd distance; split offers merged columns and the run of merged pairs from the start column.
export function MergeSlotsModal({
  geometry,
  mode,
  onClose,
}: {
  geometry: YardGeometry;
  mode: 'merge' | 'split';
  onClose: () => void;
}) {
  const [areaName, setAreaName] = useState<string | null>(null);
  const [fromCol, setFromCol] = useState<string | null>(null);
  const [toCol, setToCol] = useState<string | null>(null);
  const [adjustFurtherColumns, setAdjustFurtherColumns] = useState(false);
  const operation = useYardOperation(mode === 'merge' ? 'mergeSlots' : 'splitSlots', onClose);
  const area = areaName ? geometry.areasByName.get(areaName.toUpperCase()) : undefined;
  const columns = columnInfos(area);
  const targets = (from: number) =>
    mode === 'merge' ? mergeTargetColumns(columns, from) : splitTargetColumns(columns, from);
  const fromOptions = columnOptions(
    area,
    columns.map((column) => column.index).filter((index) => targets(index).length > 0),
  );
  const toOptions = fromCol ? columnOptions(area, targets(Number(fromCol))) : [];

  const submit = () => {
    if (!area || !fromCol || !toCol) return operation.refuse(REQUIRED);
    operation.run({ area: area.name, fromCol: Number(fromCol), toCol: Number(toCol), adjustFurtherColumns });
  };

  return (
    <FormModal
      title={mode === 'merge' ? 'Merge slots (20 ft → 40 ft)' : 'Split slots (40 ft → 20 ft)'}
      submitLabel={mode === 'merge' ? 'Merge' : 'Split'}
      error={operation.error}
      saving={operation.pending}
      onSubmit={submit}
      onClose={onClose}
      testId={`${mode}-slots-form`}
    >
      <AreaSelect
        geometry={geometry}
        value={areaName}
        onChange={(value) => {
          setAreaName(value);
          setFromCol(null);
          setToCol(null);
        }}
      />
      <SimpleGrid cols={2}>
        <Select
          allowDeselect={false}
          label="From column"
          data={fromOptions}
          value={fromCol}
          onChange={(value) => {
            setFromCol(value);
            setToCol(null);
          }}
          searchable
          nothingFoundMessage={mode === 'merge' ? 'No unmerged columns' : 'No merged columns'}
        />
        <Select allowDeselect={false} label="To column" data={toOptions} value={toCol} onChange={setToCol} searchable />
      </SimpleGrid>
      <Checkbox
        label="Renumber the columns after these"
        checked={adjustFurtherColumns}
        onChange={(event) => setAdjustFurtherColumns(event.currentTarget.checked)}
      />
    </FormModal>
  );
}
