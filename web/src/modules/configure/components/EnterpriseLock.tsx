import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { messages } from '@openyard/contracts';

// Shown over the blurred screen outside the enterprise edition (spec 1 §4, §6).
export function EnterpriseLock() {
  return (
    <Center pos="absolute" top={0} left={0} right={0} pt={140} style={{ zIndex: 5, alignItems: 'flex-start' }}>
      <Paper p="xl" radius="md" shadow="xl" maw={420} bg="dark.7" data-testid="configure-locked">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light" color="yellow">
            <IconLock size={26} />
          </ThemeIcon>
          <Title order={4}>Colour rules are locked</Title>
          <Text size="sm" c="dimmed" ta="center">
            {messages.lockedFeature}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
