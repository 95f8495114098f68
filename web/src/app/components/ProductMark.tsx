import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconContainer } from '@tabler/icons-react';

export function ProductMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 8} wrap="nowrap">
      <ThemeIcon size={large ? 44 : 28} radius="sm" variant="light">
        <IconContainer size={large ? 26 : 18} stroke={1.6} />
      </ThemeIcon>
      <Text fw={650} fz={large ? 28 : 'lg'} lts={0.3}>
        Openyard
      </Text>
    </Group>
  );
}
