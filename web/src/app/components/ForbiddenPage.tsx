import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { homePath } from '../utils/homePath';

// The public 403 page of spec 1 §8.
export function ForbiddenPage() {
  return (
    <Center mih="100vh" p="md">
      <Paper p="xl" maw={440} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={2}>403 · Access denied</Title>
          <Text c="dimmed">You do not have permission to open this page.</Text>
          <Button component={Link} to={homePath} variant="light">
            Back to home
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
