import { Fragment, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconKey,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useSetAtom } from 'jotai';
import type { Gate } from '@openyard/contracts';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { ListState } from '../../../ui/ListState';
import { useGateActions } from '../hooks/useGateActions';
import { useGates } from '../hooks/useGates';
import { gateEditorState } from '../states/gateEditorState';
import { readerEditorState } from '../states/readerEditorState';
import { gateLastHeard } from '../utils/gateLastHeard';
import { AttachReader } from './AttachReader';
import { HealthBadge } from './HealthBadge';
import { HealthSummary } from './HealthSummary';
import { LastHeard } from './LastHeard';
import { LastTag } from './LastTag';
import { ReaderActions } from './ReaderActions';
import { RfStatusBadge } from './RfStatusBadge';

const COLUMN_COUNT = 9;

function Position({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  if (latitude === null || longitude === null)
    return (
      <Text inherit c="dimmed">
        —
      </Text>
    );
  return (
    <Text ff="monospace" fz="xs" span>
      {latitude.toFixed(5)}, {longitude.toFixed(5)}
    </Text>
  );
}

function Cameras({ gate }: { gate: Gate }) {
  if (gate.camConfig.length === 0)
    return (
      <Text inherit c="dimmed">
        None
      </Text>
    );
  return (
    <Group gap={4}>
      {gate.camConfig.map((camera) => (
        <Tooltip key={camera.id} label={camera.name}>
          <Badge size="xs" variant="default" radius="sm" tt="none" fw={500}>
            {camera.id}: {camera.name}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

function GateReadersPanel({ gate, canWrite }: { gate: Gate; canWrite: boolean }) {
  const openReaderEditor = useSetAtom(readerEditorState);
  return (
    <Box px="md" py="xs" bg="var(--mantine-color-dark-8)">
      <Stack gap="xs">
        {gate.readers.length === 0 ? (
          <Text size="xs" c="dimmed">
            No readers on this gate.
          </Text>
        ) : (
          <Table
            fz="xs"
            verticalSpacing={2}
            horizontalSpacing={6}
            withRowBorders={false}
            layout="fixed"
            aria-label={`Readers of gate ${gate.name}`}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="22%">Reader</Table.Th>
                <Table.Th w="10%">Type</Table.Th>
                <Table.Th w="12%">IP</Table.Th>
                <Table.Th w="12%">Last heard</Table.Th>
                <Table.Th w="10%">RF status</Table.Th>
                <Table.Th w="10%">Health</Table.Th>
                <Table.Th w="12%">Last tag</Table.Th>
                <Table.Th w="12%">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {gate.readers.map((reader) => (
                <Table.Tr key={reader.id} data-testid="gate-reader-row" data-reader-id={reader.id}>
                  <Table.Td>{reader.name}</Table.Td>
                  <Table.Td>{reader.readerType}</Table.Td>
                  <Table.Td ff="monospace">{reader.ip}</Table.Td>
                  <Table.Td>
                    <LastHeard at={reader.statusLastReceived} />
                  </Table.Td>
                  <Table.Td>
                    <RfStatusBadge rfStatus={reader.rfStatus} />
                  </Table.Td>
                  <Table.Td>
                    <HealthBadge
                      status={reader.healthStatus}
                      subject={`Reader ${reader.name}`}
                      testId={`gate-reader-health-${reader.id}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <LastTag readerId={reader.id} />
                  </Table.Td>
                  <Table.Td>
                    <ReaderActions reader={reader} canWrite={canWrite} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {canWrite && (
          <Group gap="xs">
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlus size={12} />}
              onClick={() => openReaderEditor({ reader: null, gateId: gate.id })}
              data-testid={`gate-add-reader-${gate.id}`}
            >
              New reader on this gate
            </Button>
            <AttachReader gate={gate} disabled={!canWrite} />
          </Group>
        )}
        <Text size="xs" c="dimmed">
          Camera login:{' '}
          <Text span inherit ff="monospace">
            {gate.cameraMqttUsername}
          </Text>
        </Text>
      </Stack>
    </Box>
  );
}

// The Gates tab: each gate with type, position, cameras and health; a row opens to show its readers.
export function GatesTab({ canWrite }: { canWrite: boolean }) {
  const gates = useGates();
  const actions = useGateActions();
  const openGateEditor = useSetAtom(gateEditorState);
  // Gates start open: an operator looks at the readers more than at the gates.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const rows = gates.data ?? [];
  const toggle = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allCollapsed = rows.length > 0 && rows.every((gate) => collapsed.has(gate.id));
  // The keys of DataTable's rows (issue 13 point 24): Enter opens the gate (its editor, or its
  // readers without the right to change it), E edits, Delete deletes, arrows move between gates.
  const onGateKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, gate: Gate) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const gateRows = [...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[data-gate-id]') ?? [])];
    const at = gateRows.indexOf(event.currentTarget);
    let handled = true;
    if (event.key === 'Enter') {
      if (canWrite) openGateEditor({ gate });
      else toggle(gate.id);
    } else if ((event.key === 'e' || event.key === 'E') && canWrite) openGateEditor({ gate });
    else if (event.key === 'Delete' && canWrite) void actions.remove(gate);
    else if (event.key === 'ArrowDown') gateRows[at + 1]?.focus();
    else if (event.key === 'ArrowUp') gateRows[at - 1]?.focus();
    else handled = false;
    if (handled) event.preventDefault();
  };

  // The lists' one ListState, placed as DataTable places it: loading and empty in the table's body,
  // a failure above it.
  const error = gates.error ? errorMessageOf(gates.error) : null;
  let placeholder = null;
  if (error && rows.length === 0) placeholder = <Text c="dimmed">—</Text>;
  else if (rows.length === 0)
    placeholder = (
      <ListState
        loading={gates.isPending}
        error={null}
        count={0}
        emptyText={`No gates yet${canWrite ? ': add the first one.' : '.'}`}
        testId="gates-table"
      />
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={!canWrite}
            onClick={() => openGateEditor({ gate: null })}
            data-testid="gates-add"
          >
            Add gate
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={rows.length === 0}
            onClick={() => setCollapsed(allCollapsed ? new Set() : new Set(rows.map((gate) => gate.id)))}
            data-testid="gates-toggle-all"
          >
            {allCollapsed ? 'Expand all' : 'Collapse all'}
          </Button>
        </Group>
        <Group gap="md">
          <HealthSummary statuses={rows.map((gate) => gate.healthStatus)} noun="gates" />
          <Tooltip label="Reload">
            <ActionIcon
              variant="subtle"
              aria-label="Reload gates"
              loading={gates.isFetching}
              onClick={() => void gates.refetch()}
              data-testid="gates-refresh"
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {error && (
        <ListState
          loading={gates.isFetching}
          error={error}
          count={rows.length}
          onRetry={() => void gates.refetch()}
          testId="gates-table"
        />
      )}
      <Table.ScrollContainer minWidth={1000} type="native">
        <Table
          withTableBorder
          highlightOnHover
          verticalSpacing={4}
          horizontalSpacing={8}
          fz="sm"
          aria-label="Gates"
          data-testid="gates-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>
                <VisuallyHidden>Expand</VisuallyHidden>
              </Table.Th>
              <Table.Th>Gate</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Position</Table.Th>
              <Table.Th>Cameras</Table.Th>
              <Table.Th>Readers</Table.Th>
              <Table.Th>Health</Table.Th>
              <Table.Th>Last heard</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {placeholder ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMN_COUNT}>
                  <Center py="md">{placeholder}</Center>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((gate) => {
                const expanded = !collapsed.has(gate.id);
                return (
                  <Fragment key={gate.id}>
                    <Table.Tr
                      data-testid="gates-table-row"
                      data-gate-id={gate.id}
                      tabIndex={0}
                      onKeyDown={(event) => onGateKeyDown(event, gate)}
                      onDoubleClick={(event) => {
                        if ((event.target as HTMLElement).closest('button, a, input')) return;
                        if (canWrite) openGateEditor({ gate });
                        else toggle(gate.id);
                      }}
                    >
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          onClick={() => toggle(gate.id)}
                          aria-expanded={expanded}
                          aria-label={`${expanded ? 'Hide' : 'Show'} the readers of ${gate.name}`}
                          data-testid={`gate-expand-${gate.id}`}
                        >
                          {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                        </ActionIcon>
                      </Table.Td>
                      <Table.Td fw={500}>{gate.name}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="outline" color={gate.type === 'IN' ? 'harbour' : 'grape'}>
                          {gate.type}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Position latitude={gate.positionLat} longitude={gate.positionLong} />
                      </Table.Td>
                      <Table.Td>
                        <Cameras gate={gate} />
                      </Table.Td>
                      <Table.Td>{gate.readers.length}</Table.Td>
                      <Table.Td>
                        <HealthBadge
                          status={gate.healthStatus}
                          subject={`Gate ${gate.name}`}
                          testId={`gate-health-${gate.id}`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <LastHeard at={gateLastHeard(gate)} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          <Tooltip label="Update gate">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              size="sm"
                              disabled={!canWrite}
                              onClick={() => openGateEditor({ gate })}
                              aria-label={`Update gate ${gate.name}`}
                              data-testid={`gate-edit-${gate.id}`}
                            >
                              <IconPencil size={15} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Renew camera credentials">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              size="sm"
                              disabled={!canWrite || actions.pending}
                              onClick={() => void actions.renewCameraLogin(gate)}
                              aria-label={`Renew camera credentials of gate ${gate.name}`}
                              data-testid={`gate-renew-${gate.id}`}
                            >
                              <IconKey size={15} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Delete gate">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              size="sm"
                              disabled={!canWrite || actions.pending}
                              onClick={() => void actions.remove(gate)}
                              aria-label={`Delete gate ${gate.name}`}
                              data-testid={`gate-delete-${gate.id}`}
                            >
                              <IconTrash size={15} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr data-testid="gates-table-readers">
                        <Table.Td colSpan={COLUMN_COUNT} p={0}>
                          <GateReadersPanel gate={gate} canWrite={canWrite} />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="gates-table-keys">
          Keys on a gate:{' '}
          {canWrite
            ? 'Enter or double-click: edit · E: edit · Delete: delete · ↑ ↓: move between gates'
            : 'Enter or double-click: show or hide its readers · ↑ ↓: move between gates'}
        </Text>
      )}
    </Stack>
  );
}
