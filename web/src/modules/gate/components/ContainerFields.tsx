import { forwardRef } from 'react';
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { CONTAINER_GATE_IN_PURPOSES } from '@openyard/contracts';
import { useMasterList } from '../../containers/hooks/useMasterList';
import type { ContainerDraft } from '../utils/gateDrafts';
import { TagField } from './TagField';

interface ContainerFieldsProps {
  // 1 or 2: test ids `gate-tag-container<n>`, `gate-c<n>-…`.
  index: 1 | 2;
  value: ContainerDraft;
  onChange: (value: ContainerDraft) => void;
  // Two 20-ft boxes: only 20-ft sizes.
  twentyOnly: boolean;
}

const none = { value: '', label: '—' };

// One container of the gate-in form (spec 1 §3 container1Data/container2Data), in the order the
// clerk fills it: tag (from the reader), number, gate-in type, size, type, IGM, item, location.
export const ContainerFields = forwardRef<HTMLInputElement, ContainerFieldsProps>(function ContainerFields(
  { index, value, onChange, twentyOnly },
  tagRef,
) {
  const sizes = useMasterList('containerSizes').data ?? [];
  const types = useMasterList('containerTypes').data ?? [];
  const set = (field: keyof ContainerDraft) => (next: string) => onChange({ ...value, [field]: next });
  const input = (field: keyof ContainerDraft) => ({
    value: value[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
    name: `container${index}Data.${field}`,
    'data-testid': `gate-c${index}-${field}`,
    autoComplete: 'off',
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
      <TagField
        ref={tagRef}
        label="RFID tag"
        name={`container${index}Data.tagId`}
        value={value.tagId}
        onChange={set('tagId')}
        testId={`gate-tag-container${index}`}
        checkContainerTag={{ containerNumber: value.containerNumber }}
        autofocus={index === 1}
      />
      <TextInput label="Container number" maxLength={11} {...input('containerNumber')} />
      <NativeSelect label="Gate-in type" data={[none, ...CONTAINER_GATE_IN_PURPOSES]} {...input('gateInPurpose')} />
      <NativeSelect
        label="Size"
        data={[none, ...sizes.filter((size) => !twentyOnly || size.lengthFeet === 20).map((size) => size.name)]}
        {...input('containerSize')}
      />
      <NativeSelect label="Type" data={[none, ...types.map((type) => type.name)]} {...input('containerType')} />
      <TextInput label="IGM" {...input('igm')} />
      <TextInput label="Item" {...input('item')} />
      <TextInput label="Location (slot)" placeholder="area_row_column_height" {...input('containerLocation')} />
    </SimpleGrid>
  );
});
