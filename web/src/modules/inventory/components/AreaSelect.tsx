import { Select } from '@mantine/core';
import type { YardGeometry } from '../utils/yardGeometry';

// The area of a place in the yard dialogs (Update Location, Merge and Split Slots, Split Area): the
// yard's areas by name. The caller clears the row and columns that belonged to the area before.
export function AreaSelect({
  geometry,
  value,
  onChange,
  label = 'Area',
  testId,
}: {
  geometry: YardGeometry;
  value: string | null;
  onChange: (areaName: string | null) => void;
  label?: string;
  testId?: string;
}) {
  return (
    <Select
      allowDeselect={false}
      label={label}
      data={geometry.areas.map((entry) => entry.name)}
      value={value}
      onChange={onChange}
      data-testid={testId}
    />
  );
}
