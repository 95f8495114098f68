import { useState } from 'react';
import { Badge, Button, Collapse, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import type { YardException } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { formatDateTime } from '../../../ui/formatDateTime';
import { ListState } from '../../../ui/ListState';
import { WriteGuard } from '../../../ui/WriteGuard';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useYardExceptions } from '../hooks/useYardExceptions';
import { ResolveExceptionModal } from './ResolveExceptionModal';

// The control room's yard exceptions on /tasks (issue 17): a machine's pick or drop the yard model
// disagrees with (a taken slot, an unknown container), never written over silently. A badge with
// the open count, live; the list opens below it, newest first, each with its resolution.
export function YardExceptionsPanel({ readOnlyReason }: { readOnlyReason: string | null }) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const { exceptions, liveRefusal, resolve } = useYardExceptions();
  const [opened, setOpened] = useState(false);
  const [resolving, setResolving] = useState<YardException | null>(null);
  const open = exceptions.data?.exceptions ?? [];
  const count = exceptions.data?.totalCount ?? 0;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="yard-exceptions" data-count={count}>
      <LiveUnavailableNotice refusal={liveRefusal} compact />
      <UnstyledButton
        onClick={() => setOpened(!opened)}
        aria-expanded={opened}
        data-testid="yard-exceptions-toggle"
        w="100%"
      >
        <Group gap="xs">
          {opened ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          <IconAlertTriangle size={16} color={count ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-dimmed)'} />
          <Text size="sm" fw={600}>
            Yard exceptions
          </Text>
          <Badge
            color={count ? 'red' : 'gray'}
            variant={count ? 'filled' : 'light'}
            data-testid="yard-exceptions-count"
          >
            {count}
          </Badge>
          <Text size="xs" c="dimmed">
            machine picks and drops the yard model disagrees with
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse in={opened}>
        <Stack gap="xs" mt="xs">
          {open.length === 0 ? (
            <ListState
              loading={exceptions.isPending}
              error={exceptions.error ? errorMessageOf(exceptions.error) : null}
              count={0}
              emptyText="No open yard exceptions"
              onRetry={() => void exceptions.refetch()}
              testId="yard-exceptions-list"
            />
          ) : (
            <Table striped withTableBorder fz="xs" verticalSpacing={4} data-testid="yard-exceptions-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Machine</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Container</Table.Th>
                  <Table.Th>Slot</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.map((exception) => (
                  <Table.Tr key={exception.id} data-testid="yard-exception-row" data-kind={exception.kind}>
                    <Table.Td>{formatDateTime(exception.occurredAt, timeZone)}</Table.Td>
                    <Table.Td>{exception.machineName ?? ''}</Table.Td>
                    <Table.Td>{exception.eventKind}</Table.Td>
                    <Table.Td>{exception.containerNumber ?? exception.tagId ?? ''}</Table.Td>
                    <Table.Td>{exception.location ?? ''}</Table.Td>
                    <Table.Td>{exception.message}</Table.Td>
                    <Table.Td>
                      <WriteGuard reason={readOnlyReason}>
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => setResolving(exception)}
                          data-testid="yard-exception-resolve"
                        >
                          Resolve
                        </Button>
                      </WriteGuard>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {count > open.length && (
            <Text size="xs" c="dimmed">
              The {open.length} newest of {count} are shown.
            </Text>
          )}
        </Stack>
      </Collapse>
      {resolving && (
        <ResolveExceptionModal exception={resolving} resolve={resolve} onClose={() => setResolving(null)} />
      )}
    </Paper>
  );
}
