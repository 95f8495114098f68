import { useCallback, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Group, Paper, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPalette, IconPlus, IconX } from '@tabler/icons-react';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { messages, routes, type Rule } from '@openyard/contracts';
import { PageLoader } from '../../../app/components/PageLoader';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { confirmDialog } from '../../../ui/confirmDialog';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useDeleteRule } from '../hooks/useDeleteRule';
import { useLayout } from '../hooks/useLayout';
import { useRules } from '../hooks/useRules';
import { useRulesLive } from '../hooks/useRulesLive';
import { useWidth } from '../hooks/useWidth';
import { cellMetricsFor } from '../utils/CellMetrics';
import { cellsToSelect } from '../utils/cellsToSelect';
import { ruleLookupOf } from '../utils/ruleLookupOf';
import type { SelectBy } from '../utils/SelectBy';
import { toggledSelection } from '../utils/toggledSelection';
import { areaGridOf, type GridCell } from '../utils/yardGridOf';
import { AreaCard } from './AreaCard';
import { CellRuleSummary } from './CellRuleSummary';
import { EnterpriseLock } from './EnterpriseLock';
import { LegendItem } from './LegendItem';
import { RuleForm } from './RuleForm';
import { RuleList } from './RuleList';

type Mode = { kind: 'view' } | { kind: 'edit'; rule: Rule | null };

type AreaSelection = ReadonlyMap<string, ReadonlySet<number>>;
const NO_SELECTION: ReadonlySet<number> = new Set();
const NO_AREAS: AreaSelection = new Map();
// Room the area card takes around its cells: padding, row labels and the scrollbar.
const CARD_CHROME = 24 + 46 + 12;

// /configure: the yard layout as a grid per area with the colour rules on it (spec 1 §2-§6). View
// mode shows the rules and, for a clicked cell, its rule; edit mode (enterprise edition, create/update
// rights) selects cells by cell, row, column or area for the rule form. Live: rule and layout
// changes made elsewhere reload.
export function ConfigurePage() {
  // Editing rules needs create/update rights and the enterprise edition (the server checks both).
  const access = useScreenAccess({ write: routes.configuration.save.access, enterprise: true });
  const layout = useLayout();
  const rules = useRules();
  const liveRefusal = useRulesLive();
  const deleteRule = useDeleteRule();
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  // Per area, so that a click re-renders only the area it changed.
  const [rawSelection, setSelection] = useState<AreaSelection>(NO_AREAS);
  const [selectBy, setSelectBy] = useState<SelectBy>('cell');
  const [focusedCellId, setFocusedCellId] = useState<number | null>(null);
  const [gridColumnRef, gridWidth] = useWidth();

  const enterprise = access?.enterprise ?? false;
  const canEdit = access?.canWrite ?? false;
  const editing = mode.kind === 'edit';
  const editedRuleId = mode.kind === 'edit' ? (mode.rule?.id ?? null) : null;

  const grids = useMemo(() => (layout.data?.areaLayouts ?? []).map(areaGridOf), [layout.data]);
  const cellById = useMemo(() => new Map(grids.flatMap((grid) => grid.all.map((cell) => [cell.id, cell]))), [grids]);
  const lookup = useMemo(() => ruleLookupOf(rules.data ?? [], layout.data), [rules.data, layout.data]);
  const ruleOfCell = lookup.ruleOfCell;
  // Cells of other rules cannot be selected (spec 1 §4); those of the rule being changed can.
  const selectable = useCallback(
    (cellId: number) => {
      const owner = ruleOfCell(cellId);
      return owner === null || owner.id === editedRuleId;
    },
    [ruleOfCell, editedRuleId],
  );
  const maxColumns = Math.max(1, ...grids.map((grid) => grid.columns.length));
  const metrics = useMemo(
    () => cellMetricsFor(Math.max(gridWidth - CARD_CHROME, 0), maxColumns),
    [gridWidth, maxColumns],
  );

  // Another screen may have given selected cells to another rule (or a layout change removed them)
  // meanwhile: they drop out of the selection.
  const selection = useMemo(() => {
    const result = new Map<string, ReadonlySet<number>>();
    for (const [area, cells] of rawSelection) {
      const kept = [...cells].filter((cellId) => cellById.get(cellId)?.area === area && selectable(cellId));
      result.set(area, kept.length === cells.size ? cells : new Set(kept));
    }
    return result;
  }, [rawSelection, cellById, selectable]);
  const selectedIds = useMemo(() => [...selection.values()].flatMap((cells) => [...cells]), [selection]);

  const startEditing = (rule: Rule | null) => {
    setFocusedCellId(null);
    const initial = new Map<string, Set<number>>();
    for (const { id } of rule?.cells ?? []) {
      const area = cellById.get(id)?.area;
      if (area === undefined) continue;
      const cells = initial.get(area) ?? new Set<number>();
      cells.add(id);
      initial.set(area, cells);
    }
    setSelection(initial);
    setMode({ kind: 'edit', rule });
  };
  // Saving or cancelling returns to view mode and clears the selection (spec 1 §4).
  const stopEditing = () => {
    setSelection(NO_AREAS);
    setMode({ kind: 'view' });
  };

  const selectCells = useCallback(
    (cells: GridCell[]) =>
      setSelection((current) => {
        const area = cells[0]?.area;
        if (area === undefined) return current;
        const next = new Map(current);
        next.set(area, toggledSelection(current.get(area) ?? NO_SELECTION, cells, selectable));
        return next;
      }),
    [selectable],
  );
  const onCellClick = useCallback(
    (cell: GridCell) => {
      if (!editing) {
        setFocusedCellId((current) => (current === cell.id ? null : cell.id));
        return;
      }
      const grid = grids.find((candidate) => candidate.area.name === cell.area);
      if (grid) selectCells(cellsToSelect(grid, cell, selectBy));
    },
    [editing, grids, selectBy, selectCells],
  );

  const askDelete = async (rule: Rule) => {
    const confirmed = await confirmDialog({
      title: `Delete rule ${rule.name}`,
      message: `${messages.confirmDelete} The ${rule.cells.length} cells of this rule become free.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    deleteRule.mutate(rule.id, {
      onSuccess: () => {
        if (focusedCellId !== null && ruleOfCell(focusedCellId)?.id === rule.id) setFocusedCellId(null);
      },
    });
  };

  if (!access) return null;
  if (layout.isPending || rules.isPending) return <PageLoader label="Loading the yard layout…" />;
  if (layout.isError || rules.isError)
    return (
      <Alert color="red" variant="light" title="The yard layout could not be loaded">
        {errorMessageOf(layout.error ?? rules.error)}
      </Alert>
    );

  const allRules = rules.data;
  const totalCells = grids.reduce((sum, grid) => sum + grid.all.length, 0);
  const ruledCells = allRules.reduce((sum, rule) => sum + rule.cells.length, 0);
  const focusedCell = focusedCellId === null ? null : (cellById.get(focusedCellId) ?? null);

  return (
    <Stack gap="sm" data-testid="configure-page" data-mode={mode.kind}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Group gap="xs">
            <Title order={3}>Yard layout and colour rules</Title>
            <Badge
              variant={editing ? 'filled' : 'light'}
              color={editing ? 'harbour' : 'gray'}
              data-testid="configure-mode"
            >
              {editing ? 'Edit mode' : 'View mode'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {grids.length} areas · {totalCells.toLocaleString()} cells · {allRules.length}{' '}
            {allRules.length === 1 ? 'rule' : 'rules'} covering {ruledCells.toLocaleString()} cells
          </Text>
        </div>
        {editing ? (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              Click selects by
            </Text>
            <SegmentedControl
              size="xs"
              value={selectBy}
              onChange={(value) => setSelectBy(value as SelectBy)}
              data={[
                { value: 'cell', label: 'Cell' },
                { value: 'row', label: 'Row' },
                { value: 'column', label: 'Column' },
                { value: 'area', label: 'Area' },
              ]}
              data-testid="configure-select-by"
            />
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} />}
              disabled={selectedIds.length === 0}
              onClick={() => setSelection(NO_AREAS)}
              data-testid="configure-clear-selection"
            >
              Clear selection
            </Button>
          </Group>
        ) : (
          <Tooltip
            label={enterprise ? 'You may not create or change rules' : messages.lockedFeature}
            disabled={canEdit}
          >
            <Button
              leftSection={<IconPlus size={16} />}
              disabled={!canEdit}
              onClick={() => startEditing(null)}
              data-testid="configure-new-rule"
            >
              New rule
            </Button>
          </Tooltip>
        )}
      </Group>

      <LiveUnavailableNotice refusal={liveRefusal} compact />

      <Box pos="relative">
        {!enterprise && <EnterpriseLock />}
        <Box
          style={{
            display: 'flex',
            gap: 'var(--mantine-spacing-md)',
            alignItems: 'flex-start',
            filter: enterprise ? undefined : 'blur(4px)',
            pointerEvents: enterprise ? undefined : 'none',
            userSelect: enterprise ? undefined : 'none',
          }}
          aria-hidden={enterprise ? undefined : true}
          data-testid="configure-content"
          data-blurred={!enterprise}
        >
          <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} ref={gridColumnRef}>
            <Group gap="lg" px={4}>
              <LegendItem label="Free" swatch={{ background: '#27303a', border: '1px solid #36414d' }} />
              <LegendItem
                label="In a rule (its colour)"
                swatch={{ background: 'linear-gradient(135deg, #e03131 50%, #1c7ed6 50%)' }}
              />
              {editing && <LegendItem label="Selected" swatch={{ background: '#2bb3c4' }} />}
              {editing && (
                <LegendItem
                  label="In another rule, not selectable"
                  swatch={{
                    background:
                      'repeating-linear-gradient(135deg, rgba(134,142,150,0.45) 0 2px, rgba(14,19,23,0.8) 2px 4px)',
                  }}
                />
              )}
              <LegendItem label="40 ft pair" swatch={{ height: 2, background: 'var(--mantine-color-dark-3)' }} />
            </Group>
            {grids.map((grid) => (
              <AreaCard
                key={grid.area.areaId}
                grid={grid}
                metrics={metrics}
                ruleOfCell={ruleOfCell}
                selection={(editing ? selection.get(grid.area.name) : undefined) ?? NO_SELECTION}
                editing={editing}
                selectBy={selectBy}
                selectable={selectable}
                focusedCellId={editing ? null : focusedCellId}
                onCellClick={onCellClick}
                onSelectCells={selectCells}
              />
            ))}
            {grids.length === 0 && (
              <Text c="dimmed" size="sm">
                The yard has no areas yet.
              </Text>
            )}
          </Stack>

          <Stack gap="sm" w={360} style={{ flex: 'none', position: 'sticky', top: 68 }}>
            {editing ? (
              <Paper p="md" radius="md" bg="dark.7">
                <RuleForm
                  key={mode.rule?.id ?? 'new'}
                  rule={mode.rule}
                  rules={allRules}
                  cellIds={selectedIds}
                  onDone={stopEditing}
                />
              </Paper>
            ) : (
              <>
                {focusedCell ? (
                  <CellRuleSummary
                    cell={focusedCell}
                    rule={ruleOfCell(focusedCell.id)}
                    onClose={() => setFocusedCellId(null)}
                  />
                ) : (
                  <Paper p="sm" radius="md" bg="dark.7">
                    <Text size="xs" c="dimmed">
                      Click a cell to see its rule.{' '}
                      {canEdit ? 'New rule starts edit mode: select cells, then fill in the form.' : ''}
                    </Text>
                  </Paper>
                )}
                <Paper p="md" radius="md" bg="dark.7">
                  <Group gap="xs" mb="sm">
                    <IconPalette size={18} />
                    <Title order={5}>Colour rules</Title>
                    <Badge size="sm" variant="light" color="gray">
                      {allRules.length}
                    </Badge>
                  </Group>
                  <RuleList
                    rules={allRules}
                    canEdit={canEdit}
                    onEdit={startEditing}
                    onDelete={(rule) => void askDelete(rule)}
                  />
                </Paper>
              </>
            )}
          </Stack>
        </Box>
      </Box>
    </Stack>
  );
}
