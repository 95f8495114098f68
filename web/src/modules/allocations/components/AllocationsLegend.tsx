import { Group, Text } from '@mantine/core';
import { ALLOCATION_TONES } from '../utils/allocationTone';

const swatch = (style: React.CSSProperties) => (
  <span style={{ display: 'inline-block', width: 18, height: 11, borderRadius: 3, ...style }} />
);

// What the colours and outlines of the Gantt and the list mean (spec 2 §4).
export function AllocationsLegend() {
  return (
    <Group gap="md" data-testid="allocations-legend">
      {Object.values(ALLOCATION_TONES).map((tone) => (
        <Group key={tone.label} gap={6}>
          {swatch({ background: tone.background })}
          <Text size="xs" c="dimmed">
            {tone.label}
          </Text>
        </Group>
      ))}
      <Group gap={6}>
        {swatch({ border: '2px dashed #43c3d3' })}
        <Text size="xs" c="dimmed">
          Edited, not saved
        </Text>
      </Group>
      <Group gap={6}>
        {swatch({ border: '2px solid #ff6b6b' })}
        <Text size="xs" c="dimmed">
          Machine in two places at once
        </Text>
      </Group>
    </Group>
  );
}
