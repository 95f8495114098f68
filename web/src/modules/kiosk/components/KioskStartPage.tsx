import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconClipboardPlus, IconListSearch, IconMapPin } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { KIOSK_PATHS } from '@openyard/contracts';
import { currentUserState } from '../../../app/states/currentUserState';
import { metadataState } from '../../../app/states/metadataState';
import { KioskFrame } from './KioskFrame';
import { PublicNotice } from './PublicNotice';

function StartTile({
  to,
  icon,
  title,
  text,
  testId,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
  testId: string;
}) {
  return (
    <UnstyledButton component={Link} to={to} data-testid={testId}>
      <Paper withBorder p="xl" radius="md" bg="dark.6" h="100%">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={96} radius="xl" variant="light" color="yellow">
            {icon}
          </ThemeIcon>
          <Text fz={34} fw={700}>
            {title}
          </Text>
          <Text fz={22} c="dimmed">
            {text}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

// /start (spec 2 §2 Kiosk start page): the kiosk's header texts and banner from the configuration,
// the locate and status screens, and the add-task link when the configuration offers it and this
// kiosk is signed in with its kiosk token (only a kiosk saves kiosk tasks).
export function KioskStartPage() {
  const metadata = useAtomValue(metadataState);
  const user = useAtomValue(currentUserState);
  return (
    <KioskFrame testId="kiosk-start">
      {(session) => (
        <Stack gap="xl">
          {session.state === 'refused' && (
            <PublicNotice color="red" testId="kiosk-refused">
              {session.message}
            </PublicNotice>
          )}
          <SimpleGrid cols={1} spacing="xl">
            <StartTile
              to={KIOSK_PATHS.locate}
              icon={<IconMapPin size={56} />}
              title="Where is my container?"
              text="Type the container numbers and see them on the yard map"
              testId="kiosk-start-locate"
            />
            <StartTile
              to={KIOSK_PATHS.status}
              icon={<IconListSearch size={56} />}
              title="Container status"
              text="Type the IGM number and item number"
              testId="kiosk-start-status"
            />
            {metadata?.kiosk.addTaskEnabled && user?.systemRole === 'kiosk' && (
              <StartTile
                to={KIOSK_PATHS.tasks}
                icon={<IconClipboardPlus size={56} />}
                title="Ask for a move"
                text="Add tasks for the containers of your IGM item"
                testId="kiosk-start-tasks"
              />
            )}
          </SimpleGrid>
        </Stack>
      )}
    </KioskFrame>
  );
}
