import { Box } from '@mantine/core';

export function RuleSwatch({ color, size = 14 }: { color: string; size?: number }) {
  return (
    <Box
      w={size}
      h={size}
      style={{
        flex: 'none',
        borderRadius: 3,
        background: color,
        boxShadow: 'inset 0 0 0 1px rgba(255,255,255,0.18)',
      }}
    />
  );
}
