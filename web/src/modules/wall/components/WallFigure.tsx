import { Stack, Text } from '@mantine/core';

export type WallTone = 'normal' | 'good' | 'warning' | 'bad' | 'muted';

// High-contrast colours on the wall's near-black background.
export const WALL_TONES: Record<WallTone, string> = {
  normal: '#f8f9fa',
  good: '#51cf66',
  warning: '#ff922b',
  bad: '#ff6b6b',
  muted: '#868e96',
};

// One big figure and what it counts, readable from across a control room (5 m): the number about
// a tenth of the screen's height.
export function WallFigure({
  label,
  value,
  tone = 'normal',
  testId,
}: {
  label: string;
  value: string | number;
  tone?: WallTone;
  testId?: string;
}) {
  return (
    <Stack gap={0} align="flex-start" miw={0}>
      <Text
        fz="clamp(40px, 8.5vh, 140px)"
        fw={800}
        lh={1}
        c={WALL_TONES[tone]}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {typeof value === 'number' ? value.toLocaleString() : value}
      </Text>
      <Text fz="clamp(16px, 2.4vh, 40px)" c="#ced4da" fw={600} tt="uppercase" lts={1}>
        {label}
      </Text>
    </Stack>
  );
}
