import { Button, Center, Code, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { homePath } from '../utils/homePath';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <Center mih={360}>
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconMapOff size={30} />
        </ThemeIcon>
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">
          There is no screen at <Code>{location.pathname}</Code> in this installation.
        </Text>
        <Button component={Link} to={homePath} variant="light">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}
