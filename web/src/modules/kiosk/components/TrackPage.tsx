import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useParams } from 'react-router';
import { messages } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { ListState } from '../../../ui/ListState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { useTrack } from '../hooks/useTrack';
import { ContainerPlaces } from './ContainerPlaces';
import { PublicFrame } from './PublicFrame';
import { PublicNotice } from './PublicNotice';

// /track/<token> (issue 21, beyond the spec): the page a gate-in slip's QR code opens on a driver's
// phone, without a login: the container's state and where it stands. A revoked or unknown link says
// so, and nothing else.
export function TrackPage() {
  const token = useParams().token ?? '';
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const track = useTrack(token);
  const shown = track.data;
  return (
    <PublicFrame title="My container" size="lg" testId="track">
      <ListState
        loading={track.isPending}
        error={track.error ? errorMessageOf(track.error) : null}
        count={1}
        testId="track-state"
      />
      {shown && (
        <Stack gap="md">
          <Paper withBorder p="md">
            <Group justify="space-between" wrap="nowrap">
              <Text ff="monospace" fw={700} fz={24} data-testid="track-number">
                {shown.containerNumber}
              </Text>
              <Badge
                size="xl"
                variant="light"
                color={shown.status === 'In yard' ? 'green' : 'gray'}
                data-testid="track-status"
              >
                {shown.status}
              </Badge>
            </Group>
            <Text c="dimmed" mt="xs">
              {shown.sizeName} ft · in since {formatDateTime(shown.gateInDate, timeZone)}
              {shown.dispatchDate !== null && ` · dispatched ${formatDateTime(shown.dispatchDate, timeZone)}`}
            </Text>
          </Paper>
          {shown.status === 'In yard' &&
            (shown.location ? (
              <ContainerPlaces
                containers={[shown.location]}
                missing={[]}
                missingText={messages.kioskLocationNotFound}
                testId="track-places"
              />
            ) : (
              <PublicNotice color="orange" testId="track-not-placed">
                {messages.kioskLocationNotFound}
              </PublicNotice>
            ))}
        </Stack>
      )}
    </PublicFrame>
  );
}
