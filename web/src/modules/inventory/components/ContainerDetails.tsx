import { ActionIcon, Badge, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { inventoryQueryKeys } from '../utils/inventoryQueryKeys';

const DAY = 86_400_000;

// The click tooltip (enterprise): the container's details from GET /rest/yard/container/{id},
// reloaded when the grid's revision says it may have moved. At the point clicked, or docked as a
// panel of the page's width (a phone).
export function ContainerDetails({
  containerId,
  revision,
  x,
  y,
  docked = false,
  onClose,
}: {
  containerId: number;
  revision: string;
  x: number;
  y: number;
  docked?: boolean;
  onClose: () => void;
}) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const details = useQuery({
    queryKey: [...inventoryQueryKeys.container(containerId), revision],
    queryFn: async () => ({
      container: await api.inventory.container({ params: { n: String(containerId) } }),
      loadedAt: Date.now(),
    }),
    placeholderData: (previous) => previous,
  });
  const container = details.data?.container;
  const loadedAt = details.data?.loadedAt ?? 0;
  const rows: [string, string | null][] = container
    ? [
        ['Location', container.location],
        ['Size', `${container.sizeName} (${container.size} ft)`],
        ['Type', container.containerType],
        ['Liner', container.liner],
        [
          'IGM / item',
          container.igmNumber ? [container.igmNumber, container.itemNumber].filter(Boolean).join(' / ') : null,
        ],
        ['Process', container.process],
        ['Category', container.category],
        ['Customer', container.customer],
        ['Cargo', container.cargoType],
        [
          'Gate-in',
          `${formatDateTime(container.addeddate, timeZone)} · ${Math.floor((loadedAt - container.addeddate) / DAY)} days`,
        ],
        ['Last moved', formatDateTime(container.lastMovedDate, timeZone) || null],
      ]
    : [];

  return (
    <Paper
      shadow="lg"
      p="sm"
      w={docked ? '100%' : 300}
      pos={docked ? 'static' : 'absolute'}
      left={docked ? undefined : x}
      top={docked ? undefined : y}
      style={{ zIndex: 5, pointerEvents: 'auto' }}
      bg="dark.6"
      data-testid="inventory-tooltip"
      onContextMenu={(event) => event.stopPropagation()}
    >
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Group gap={6}>
          <Text fw={700} ff="monospace" data-testid="inventory-tooltip-number">
            {container?.number ?? '…'}
          </Text>
          {container?.planned && (
            <Badge color="yellow" variant="outline" size="xs">
              planned
            </Badge>
          )}
          {container?.hazardous && (
            <Badge color="red" size="xs">
              hazardous
            </Badge>
          )}
        </Group>
        <ActionIcon variant="subtle" size="sm" onClick={onClose} aria-label="Close">
          <IconX size={14} />
        </ActionIcon>
      </Group>
      {details.isPending && <Loader size="xs" />}
      {details.isError && (
        <Text size="xs" c="red">
          {errorMessageOf(details.error)}
        </Text>
      )}
      {container && (
        <Table withRowBorders={false} verticalSpacing={1} horizontalSpacing={4} fz="xs">
          <Table.Tbody>
            {rows
              .filter((row): row is [string, string] => row[1] !== null && row[1] !== '')
              .map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Td c="dimmed" w={86}>
                    {label}
                  </Table.Td>
                  <Table.Td data-testid={label === 'Location' ? 'inventory-tooltip-location' : undefined}>
                    {value}
                  </Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
