import { Center, Loader, Stack, Text } from '@mantine/core';

export function PageLoader({ label, fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <Center h={fullScreen ? '100vh' : 240} role="status" aria-live="polite" data-page-loader>
      <Stack align="center" gap="xs">
        <Loader size="md" type="dots" />
        {label && (
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
