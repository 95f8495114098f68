import { Badge, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { VisibleScreen } from '../../../app/utils/visibleScreensFor';

export function ScreenCard({
  screen: { entry, screen },
  isLandingPage,
}: {
  screen: VisibleScreen;
  isLandingPage: boolean;
}) {
  const ScreenIcon = screen.icon;
  return (
    <Card component={Link} to={entry.path} data-screen-card={entry.key} style={{ textDecoration: 'none' }}>
      <Group wrap="nowrap" align="flex-start" justify="space-between">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <ThemeIcon variant="light" size={38}>
            <ScreenIcon size={22} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{entry.label}</Text>
              {isLandingPage && (
                <Badge size="xs" variant="outline">
                  Landing page
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {screen.description}
            </Text>
          </Stack>
        </Group>
        <IconArrowRight size={18} style={{ opacity: 0.6, flexShrink: 0 }} />
      </Group>
    </Card>
  );
}
