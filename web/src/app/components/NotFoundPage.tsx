import { Button, Center, Code, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty, IconMapOff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { homePath } from '../utils/homePath';
import { specScreenName } from '../utils/specScreens';

// A path with no screen. A screen of the spec that this build does not have yet says so by name,
// so that a user sent there (a landing page, a bookmark, a link of the old product) knows why.
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const location = useLocation();
  const name = specScreenName(location.pathname);
  return (
    <Center mih={standalone ? '100vh' : 360} p="md">
      <Stack align="center" gap="sm" ta="center" maw={520} data-testid={name ? 'screen-not-built' : 'page-not-found'}>
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          {name ? <IconHourglassEmpty size={30} /> : <IconMapOff size={30} />}
        </ThemeIcon>
        <Title order={2}>{name ? `${name} is not available yet` : 'Page not found'}</Title>
        {name ? (
          <Text c="dimmed">
            The screen at <Code>{location.pathname}</Code> is not part of this installation of Openyard yet.
            {standalone ? '' : ' The screens you can use are in the menu.'}
          </Text>
        ) : (
          <Text c="dimmed">
            There is no screen at <Code>{location.pathname}</Code> in this installation.
          </Text>
        )}
        {!standalone && (
          <Button component={Link} to={homePath} variant="light">
            Back to home
          </Button>
        )}
      </Stack>
    </Center>
  );
}
