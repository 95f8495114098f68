import type { ReactNode } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';

// A tile of the wall: its title across the top, its content filling the rest. `liveAt`: when the
// data the tile shows last took in a live message (`liveAtOf` of that data, or a widget's read
// time), put on the tile as `data-live-at` (epoch ms) for a benchmark watching the page (docs/live.md).
export function WallTileFrame({
  title,
  aside,
  liveAt,
  children,
  testId,
}: {
  title: string;
  aside?: ReactNode;
  liveAt?: number | null;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Stack
      gap="sm"
      h="100%"
      p="clamp(8px, 1.6vh, 28px)"
      bg="#11161d"
      style={{ borderRadius: 12, border: '1px solid #262d36', overflow: 'hidden', minHeight: 0 }}
      data-testid={testId}
      data-live-at={liveAt ?? undefined}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fz="clamp(18px, 3.2vh, 56px)" fw={700} c="#f8f9fa">
          {title}
        </Text>
        {aside}
      </Group>
      <Box style={{ flex: 1, minHeight: 0, position: 'relative' }}>{children}</Box>
    </Stack>
  );
}

// A row of a tile's list: a name on the left, a figure on the right, in large type.
export function WallRow({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      py="clamp(2px, 0.6vh, 10px)"
      style={{ borderBottom: '1px solid #262d36' }}
      fz="clamp(16px, 3vh, 52px)"
      c="#f8f9fa"
      data-testid={testId}
    >
      {children}
    </Group>
  );
}
