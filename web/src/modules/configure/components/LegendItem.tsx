import { Box, Group, Text } from '@mantine/core';
import type { CSSProperties } from 'react';

export function LegendItem({ label, swatch }: { label: string; swatch: CSSProperties }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={12} h={12} style={{ borderRadius: 3, flex: 'none', ...swatch }} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
