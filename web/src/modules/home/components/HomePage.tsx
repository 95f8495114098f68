import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconLayoutGrid } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useIdleLimitMinutes } from '../../../app/hooks/useIdleLimitMinutes';
import { useVisibleScreens } from '../../../app/hooks/useVisibleScreens';
import { currentUserState } from '../../../app/states/currentUserState';
import { metadataState } from '../../../app/states/metadataState';
import { homePath } from '../../../app/utils/homePath';
import { specScreenName } from '../../../app/utils/specScreens';
import { greetingFor } from '../utils/greetingFor';
import { hourIn } from '../utils/hourIn';
import { ScreenCard } from './ScreenCard';
import { YardSummaryCard } from './YardSummaryCard';

// /main, the home of the shell (spec 3 §2): who is logged in, what they may open, the yard.
export function HomePage() {
  const user = useAtomValue(currentUserState);
  const metadata = useAtomValue(metadataState);
  const screens = useVisibleScreens();
  const idleLimit = useIdleLimitMinutes();
  if (!user) return null;

  const landingPage = user.landingPage.replace(/\/+$/, '');
  const landingName = specScreenName(landingPage);
  const landingRouted = screens.some(({ entry }) => entry.path === landingPage);
  const greeting = greetingFor(hourIn(new Date(), metadata?.timeZone));

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={2}>
          {greeting}, {user.userName}
        </Title>
        <Group gap="xs">
          <Text c="dimmed" size="sm">
            Signed in as
          </Text>
          <Badge variant="light" data-testid="home-role">
            {user.role}
          </Badge>
          {metadata?.enterpriseVersion && (
            <Badge variant="outline" color="gray">
              Enterprise
            </Badge>
          )}
        </Group>
      </Stack>

      {landingPage !== homePath && !landingRouted && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle />} data-testid="landing-page-note">
          Your landing page is {landingName ? <b>{landingName}</b> : <code>{landingPage}</code>}, which is not available
          in this installation yet, so you start here.
        </Alert>
      )}

      <Stack gap="sm">
        <Group gap="xs">
          <IconLayoutGrid size={18} stroke={1.6} />
          <Title order={4}>Your screens</Title>
        </Group>
        {screens.length === 0 ? (
          <Card>
            <Text size="sm" c="dimmed" data-testid="no-screens">
              Your role has no screens in this installation yet. An administrator can grant menu permissions to your
              role under Users → Role Permissions.
            </Text>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {screens.map((screen) => (
              <ScreenCard key={screen.entry.key} screen={screen} isLandingPage={screen.entry.path === landingPage} />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <YardSummaryCard />

      {idleLimit !== null && (
        <Text size="xs" c="dimmed">
          For security you are logged out after {idleLimit} {idleLimit === 1 ? 'minute' : 'minutes'} without activity.
        </Text>
      )}
    </Stack>
  );
}
