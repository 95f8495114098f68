import { useState } from 'react';
import { NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import { messages, type YardLayout } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useYardOperation } from '../hooks/useYardOperation';

const CORNERS = [1, 2, 3, 4] as const;
type Corners = Record<`lat${1 | 2 | 3 | 4}` | `long${1 | 2 | 3 | 4}`, number | string>;

const empty = (): Corners => ({ lat1: '', long1: '', lat2: '', long2: '', lat3: '', long3: '', lat4: '', long4: '' });

// Bulk Locations (spec 2 §3): the four corners of an area (clockwise from row 1 / column 1), from
// which every slot's place on the map follows.
export function BulkLocationModal({ layout, onClose }: { layout: YardLayout; onClose: () => void }) {
  const [areaName, setAreaName] = useState<string | null>(null);
  const [corners, setCorners] = useState<Corners>(empty);
  const operation = useYardOperation('bulkLocation', onClose);

  const chooseArea = (name: string | null) => {
    setAreaName(name);
    const known = layout.areaLayouts.find((area) => area.name === name)?.corners;
    const next = empty();
    known?.forEach((corner, index) => {
      next[`lat${(index + 1) as 1 | 2 | 3 | 4}`] = corner.latitude;
      next[`long${(index + 1) as 1 | 2 | 3 | 4}`] = corner.longitude;
    });
    setCorners(next);
  };

  const submit = () => {
    const values = Object.values(corners);
    if (!areaName || values.some((value) => typeof value !== 'number'))
      return operation.refuse(messages.bulkLocationInvalid);
    // Every corner is a number here (checked above).
    operation.run({ areaName, ...(corners as Record<keyof Corners, number>) });
  };

  return (
    <FormModal
      title="Bulk locations"
      submitLabel="Save corners"
      error={operation.error}
      saving={operation.pending}
      onSubmit={submit}
      onClose={onClose}
      testId="bulk-location-form"
    >
      <Select
        allowDeselect={false}
        label="Area"
        data={layout.areaLayouts.map((area) => area.name)}
        value={areaName}
        onChange={chooseArea}
      />
      <Text size="xs" c="dimmed">
        Corners clockwise, starting at row 1 / column 1.
      </Text>
      {CORNERS.map((corner) => (
        <SimpleGrid cols={2} key={corner}>
          <NumberInput
            label={`Corner ${corner} latitude`}
            min={-90}
            max={90}
            decimalScale={7}
            value={corners[`lat${corner}`]}
            onChange={(value) => setCorners((current) => ({ ...current, [`lat${corner}`]: value }))}
          />
          <NumberInput
            label={`Corner ${corner} longitude`}
            min={-180}
            max={180}
            decimalScale={7}
            value={corners[`long${corner}`]}
            onChange={(value) => setCorners((current) => ({ ...current, [`long${corner}`]: value }))}
          />
        </SimpleGrid>
      ))}
    </FormModal>
  );
}
