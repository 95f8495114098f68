import { memo } from 'react';
import { ActionIcon, Badge, Chip, Group, Paper, Progress, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconFilterOff, IconZoomIn } from '@tabler/icons-react';
import type { AreaSummary, LinerEntry } from '../utils/InventoryStore';
import type { AreaFilter } from '../utils/gridFilters';
import { linerColor, rgbaCss } from '../utils/linerColor';
import type { AreaGeometry } from '../utils/yardGeometry';
import { LinerPie, type PieSlice } from './LinerPie';

export const UNKNOWN_LINER = 'Unknown liner';
const LEGEND_LINES = 6;

function occupancyColor(occupancy: number) {
  if (occupancy >= 90) return 'red';
  if (occupancy >= 75) return 'orange';
  return 'teal';
}

// One area: occupancy floor(100 × filled / total), the 20/40 ft toggles and the pie by liner.
// Memoised: the list renders it again only when its summary, liners or filter changed.
export const AreaCard = memo(function AreaCard({
  area,
  summary,
  liners,
  filter,
  onFilter: onAreaFilter,
  onZoom: onAreaZoom,
}: {
  area: AreaGeometry;
  summary: AreaSummary | undefined;
  liners: LinerEntry[];
  filter: AreaFilter;
  onFilter: (areaId: number, filter: AreaFilter) => void;
  onZoom: (area: AreaGeometry) => void;
}) {
  const onFilter = (next: AreaFilter) => onAreaFilter(area.areaId, next);
  const onZoom = () => onAreaZoom(area);
  const slices: PieSlice[] = (summary?.byLiner ?? []).map(({ liner, count }) => {
    const entry = liner >= 0 ? liners[liner] : undefined;
    return {
      liner: entry?.name ?? UNKNOWN_LINER,
      count,
      color: entry ? linerColor(entry.name, entry.color) : [138, 150, 163, 255],
    };
  });
  const toggleLiner = (liner: string) => onFilter({ ...filter, liner: filter.liner === liner ? null : liner });
  const filtered = filter.liner !== null || !filter.show20 || !filter.show40;
  const occupancy = summary?.occupancy ?? 0;
  const legend = slices.slice(0, LEGEND_LINES);
  const others = slices.slice(LEGEND_LINES).reduce((sum, slice) => sum + slice.count, 0);

  return (
    <Paper p="sm" radius="sm" data-testid="inventory-area-card" data-area={area.name} bg="dark.7">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
        <div>
          <Text fw={600} size="sm">
            Area {area.name}
          </Text>
          <Text size="xs" c="dimmed">
            {area.rows} rows × {area.columns} columns × {area.maxHeight} tiers
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          {filtered && (
            <Tooltip label="Show every container of the area">
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={() => onFilter({ liner: null, show20: true, show40: true })}
                aria-label={`Clear the filters of area ${area.name}`}
              >
                <IconFilterOff size={15} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Zoom to the area">
            <ActionIcon variant="subtle" size="sm" onClick={onZoom} aria-label={`Zoom to area ${area.name}`}>
              <IconZoomIn size={15} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Group gap="xs" align="baseline" wrap="nowrap">
        <Text fz={26} fw={700} lh={1} data-testid="inventory-area-occupancy" c={`${occupancyColor(occupancy)}.4`}>
          {occupancy}%
        </Text>
        <Text size="xs" c="dimmed">
          {summary?.filledSlots ?? 0} of {area.totalSlots} slots filled
        </Text>
      </Group>
      <Progress value={occupancy} color={occupancyColor(occupancy)} size="sm" mt={6} mb={8} />
      <Group gap={6} mb={8}>
        <Chip
          size="xs"
          checked={filter.show20}
          onChange={(checked) => onFilter({ ...filter, show20: checked })}
          data-testid="inventory-toggle-20"
        >
          20 ft · {summary?.containers20 ?? 0}
        </Chip>
        <Chip
          size="xs"
          checked={filter.show40}
          onChange={(checked) => onFilter({ ...filter, show40: checked })}
          data-testid="inventory-toggle-40"
        >
          40 ft · {summary?.containers40 ?? 0}
        </Chip>
        {(summary?.planned ?? 0) > 0 && (
          <Badge size="sm" variant="outline" color="yellow" radius="sm">
            {summary?.planned} planned
          </Badge>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <LinerPie
          slices={slices}
          size={92}
          selected={filter.liner}
          onSelect={toggleLiner}
          label={`Containers of area ${area.name} by liner`}
        />
        <Stack gap={1} style={{ flex: 1, minWidth: 0 }}>
          {legend.map((slice) => (
            <UnstyledButton
              key={slice.liner}
              onClick={() => toggleLiner(slice.liner)}
              style={{ opacity: filter.liner !== null && filter.liner !== slice.liner ? 0.4 : 1 }}
            >
              <Group gap={6} wrap="nowrap">
                <span
                  data-testid="inventory-liner-swatch"
                  data-liner={slice.liner}
                  style={{
                    width: 9,
                    height: 9,
                    borderRadius: 2,
                    background: rgbaCss(slice.color),
                    flexShrink: 0,
                  }}
                />
                <Text size="xs" truncate style={{ flex: 1 }} fw={filter.liner === slice.liner ? 700 : 400}>
                  {slice.liner}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {slice.count}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
          {others > 0 && (
            <Text size="xs" c="dimmed">
              + {slices.length - LEGEND_LINES} more · {others}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
});
