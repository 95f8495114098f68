import { memo, useMemo } from 'react';
import { Badge, Box, Button, Group, Paper, ScrollArea, Text, Title } from '@mantine/core';
import { IconSelectAll } from '@tabler/icons-react';
import type { Rule } from '@openyard/contracts';
import type { CellMetrics } from '../utils/CellMetrics';
import type { SelectBy } from '../utils/SelectBy';
import type { AreaGrid, GridCell } from '../utils/yardGridOf';
import { AreaCanvas } from './AreaCanvas';
import { AxisButton } from './AxisButton';

const ROW_LABEL_WIDTH = 40;
const HEADER_HEIGHT = 20;

interface AreaCardProps {
  grid: AreaGrid;
  metrics: CellMetrics;
  ruleOfCell: (cellId: number) => Rule | null;
  selection: ReadonlySet<number>;
  editing: boolean;
  selectBy: SelectBy;
  selectable: (cellId: number) => boolean;
  focusedCellId: number | null;
  onCellClick: (cell: GridCell) => void;
  onSelectCells: (cells: GridCell[]) => void;
}

// One area of the yard: its title, column labels on top, row labels on the left and the cells. In
// edit mode the title selects the area, a row label its row and a column label its column.
export const AreaCard = memo(function AreaCard(props: AreaCardProps) {
  const { grid, metrics, ruleOfCell, selection, editing, selectable, onSelectCells } = props;
  const { area, rows, columns } = grid;

  const counts = useMemo(() => {
    let ruled = 0;
    let selected = 0;
    for (const cell of grid.all) {
      if (ruleOfCell(cell.id)) ruled += 1;
      if (selection.has(cell.id)) selected += 1;
    }
    return { ruled, selected };
  }, [grid, ruleOfCell, selection]);

  const rowCells = (y: number) => grid.cells[y]!.filter((cell): cell is GridCell => cell !== undefined);
  const columnCells = (x: number) => grid.cells.flatMap((row) => (row[x] ? [row[x]] : []));
  // A row, column or area counts as selected when all of its selectable cells are.
  const allSelected = (cells: GridCell[]) => {
    const targets = cells.filter((cell) => selectable(cell.id));
    return targets.length > 0 && targets.every((cell) => selection.has(cell.id));
  };
  const step = metrics.width + metrics.gap;
  const showEvery = metrics.width >= 20 ? 1 : metrics.width >= 16 ? 2 : 5;

  return (
    <Paper p="sm" radius="md" bg="dark.7" data-testid={`configure-area-${area.name}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Title order={5}>Area {area.name}</Title>
          <Text size="xs" c="dimmed">
            {rows.length} rows × {columns.length} columns · {area.maxHeight} {area.maxHeight === 1 ? 'tier' : 'tiers'} ·{' '}
            {grid.all.length} cells
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          {counts.ruled > 0 && (
            <Badge variant="light" color="gray" size="sm">
              {counts.ruled} in rules
            </Badge>
          )}
          {editing && counts.selected > 0 && (
            <Badge variant="filled" size="sm">
              {counts.selected} selected
            </Badge>
          )}
          {editing && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconSelectAll size={14} />}
              onClick={() => onSelectCells(grid.all)}
              data-testid={`configure-select-area-${area.name}`}
            >
              {allSelected(grid.all) ? 'Clear area' : 'Select area'}
            </Button>
          )}
        </Group>
      </Group>
      <ScrollArea type="auto" scrollbarSize={8} offsetScrollbars="x">
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: `${ROW_LABEL_WIDTH}px max-content`,
            columnGap: 6,
            rowGap: 4,
          }}
        >
          <Box />
          <Box style={{ display: 'flex', gap: metrics.gap, height: HEADER_HEIGHT + 3 }}>
            {columns.map((column, x) => {
              const cells = columnCells(x);
              return (
                <Box key={column.index} pos="relative" style={{ flex: 'none' }}>
                  <AxisButton
                    label={x % showEvery === 0 || showEvery === 1 ? column.name : ''}
                    width={metrics.width}
                    height={HEADER_HEIGHT}
                    onClick={editing ? () => onSelectCells(cells) : null}
                    hint={`Column ${column.name}${column.merged ? ' (40 ft pair with the next)' : ''}`}
                    testId={`configure-column-${area.name}-${column.name}`}
                    active={editing && allSelected(cells)}
                    accent={column.merged}
                  />
                  {column.merged && (
                    // Marks the 40 ft pair this column starts.
                    <Box
                      pos="absolute"
                      left={2}
                      bottom={0}
                      w={Math.max(step * 2 - metrics.gap - 4, 0)}
                      h={2}
                      style={{ borderRadius: 1, background: 'var(--mantine-color-dark-3)' }}
                    />
                  )}
                </Box>
              );
            })}
          </Box>
          <Box style={{ display: 'flex', flexDirection: 'column', gap: metrics.gap }}>
            {rows.map((row, y) => {
              const cells = rowCells(y);
              return (
                <AxisButton
                  key={row.id}
                  label={row.name}
                  width={ROW_LABEL_WIDTH}
                  height={metrics.height}
                  onClick={editing ? () => onSelectCells(cells) : null}
                  hint={`Row ${row.name}`}
                  testId={`configure-row-${area.name}-${row.name}`}
                  active={editing && allSelected(cells)}
                />
              );
            })}
          </Box>
          <AreaCanvas {...props} />
        </Box>
      </ScrollArea>
    </Paper>
  );
});
