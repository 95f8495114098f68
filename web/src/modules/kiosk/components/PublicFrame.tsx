import type { ReactNode } from 'react';
import { Alert, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { metadataState } from '../../../app/states/metadataState';
import { TouchSizeContext, type TouchSize } from '../utils/touchSize';

// Back to the page before (the kiosk's start, a new search): beside the title on a kiosk, above it
// on a phone, where the title takes the width.
function BackButton({ to, label, size }: { to: string; label: string; size: TouchSize }) {
  return (
    <Button
      component={Link}
      to={to}
      size={size}
      variant="default"
      leftSection={<IconArrowLeft size={size === 'xl' ? 28 : 20} />}
      style={{ alignSelf: 'flex-start' }}
      data-testid="public-back"
    >
      {label}
    </Button>
  );
}

// The frame of the public pages (spec 2 §2; issue 21): no navigation bar (spec 3 §2), the kiosk's
// header texts and banner from the configuration, a way back, large controls.
export function PublicFrame({
  title,
  subtitle,
  back,
  size,
  testId,
  children,
}: {
  title: string;
  subtitle?: string;
  back?: { to: string; label: string };
  size: TouchSize;
  testId: string;
  children: ReactNode;
}) {
  const banner = useAtomValue(metadataState)?.kiosk.banner ?? '';
  const kiosk = size === 'xl';
  return (
    <TouchSizeContext value={size}>
      <Box mih="100vh" bg="dark.8" data-testid={testId}>
        <Container size={kiosk ? 980 : 'sm'} px={kiosk ? 'xl' : 'md'} py={kiosk ? 'xl' : 'md'}>
          <Stack gap={kiosk ? 'xl' : 'md'}>
            {back && !kiosk && <BackButton to={back.to} label={back.label} size={size} />}
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4}>
                <Title order={1} fz={kiosk ? 44 : 26} data-testid="public-title">
                  {title}
                </Title>
                {subtitle && (
                  <Text fz={kiosk ? 24 : 16} c="dimmed" data-testid="public-subtitle">
                    {subtitle}
                  </Text>
                )}
              </Stack>
              {back && kiosk && <BackButton to={back.to} label={back.label} size={size} />}
            </Group>
            {banner && (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconInfoCircle size={kiosk ? 30 : 20} />}
                styles={{ message: { fontSize: kiosk ? 24 : 16 } }}
                data-testid="public-banner"
              >
                {banner}
              </Alert>
            )}
            {children}
          </Stack>
        </Container>
      </Box>
    </TouchSizeContext>
  );
}
