import { useState } from 'react';
import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { messages, splitAreaError } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useYardOperation } from '../hooks/useYardOperation';
import { columnInfos, columnOptions } from '../utils/columnOptions';
import type { YardGeometry } from '../utils/yardGeometry';
import { AreaSelect } from './AreaSelect';

// Split Area (spec 2 §3, §5): columns from..to of an area become a new area; never the whole area.
export function SplitAreaModal({ geometry, onClose }: { geometry: YardGeometry; onClose: () => void }) {
  const [areaName, setAreaName] = useState<string | null>(null);
  const [fromCol, setFromCol] = useState<string | null>(null);
  const [toCol, setToCol] = useState<string | null>(null);
  const [startColumnLabel, setStartColumnLabel] = useState('');
  const [adjustFurtherColumns, setAdjustFurtherColumns] = useState(false);
  const [newAreaName, setNewAreaName] = useState('');
  const operation = useYardOperation('splitArea', onClose);
  const area = areaName ? geometry.areasByName.get(areaName.toUpperCase()) : undefined;

  const submit = () => {
    if (!area || !fromCol || !toCol || !newAreaName.trim()) return operation.refuse(messages.splitAreaRequired);
    const refusal = splitAreaError(columnInfos(area), Number(fromCol), Number(toCol));
    if (refusal) return operation.refuse(refusal);
    operation.run({
      fromArea: area.name,
      fromCol: Number(fromCol),
      toCol: Number(toCol),
      startColumnLabel: startColumnLabel.trim() || null,
      adjustFurtherColumns,
      newAreaName: newAreaName.trim(),
    });
  };

  return (
    <FormModal
      title="Split area"
      submitLabel="Split"
      error={operation.error}
      saving={operation.pending}
      onSubmit={submit}
      onClose={onClose}
      testId="split-area-form"
    >
      <AreaSelect
        geometry={geometry}
        label="From area"
        value={areaName}
        onChange={(value) => {
          setAreaName(value);
          setFromCol(null);
          setToCol(null);
        }}
        testId="split-area-area"
      />
      <SimpleGrid cols={2}>
        <Select
          allowDeselect={false}
          label="From column"
          data={columnOptions(area)}
          value={fromCol}
          onChange={setFromCol}
          searchable
          data-testid="split-area-from"
        />
        <Select
          allowDeselect={false}
          label="To column"
          data={columnOptions(area).filter((option) => !fromCol || Number(option.value) >= Number(fromCol))}
          value={toCol}
          onChange={setToCol}
          searchable
          data-testid="split-area-to"
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <TextInput
          label="New area name"
          value={newAreaName}
          onChange={(event) => setNewAreaName(event.currentTarget.value)}
          data-testid="split-area-name"
        />
        <TextInput
          label="Start column label"
          placeholder="1"
          value={startColumnLabel}
          onChange={(event) => setStartColumnLabel(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Checkbox
        label="Renumber the columns after the split part"
        checked={adjustFurtherColumns}
        onChange={(event) => setAdjustFurtherColumns(event.currentTarget.checked)}
      />
    </FormModal>
  );
}
