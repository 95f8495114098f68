import { CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import type { Rule } from '@openyard/contracts';
import type { GridCell } from '../utils/yardGridOf';
import { RuleFilters } from './RuleFilters';
import { RuleSwatch } from './RuleSwatch';

// The rule summary a click on a cell toggles in view mode (spec 1 §4).
export function CellRuleSummary({ cell, rule, onClose }: { cell: GridCell; rule: Rule | null; onClose: () => void }) {
  return (
    <Paper p="sm" radius="md" bg="dark.6" data-testid="cell-rule-summary" data-cell={cell.fullName}>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="xs" c="dimmed">
          Cell{' '}
          <Text span ff="monospace" fw={600} c="dark.0" size="xs">
            {cell.fullName}
          </Text>
        </Text>
        <CloseButton size="sm" onClick={onClose} aria-label="Close rule summary" />
      </Group>
      {rule ? (
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap">
            <RuleSwatch color={rule.color} size={18} />
            <Text fw={600} data-testid="cell-rule-summary-name">
              {rule.name}
            </Text>
          </Group>
          <RuleFilters rule={rule} />
          <Text size="xs" c="dimmed">
            {rule.cells.length} {rule.cells.length === 1 ? 'cell' : 'cells'} in this rule
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="cell-rule-summary-none">
          No rule colours this cell.
        </Text>
      )}
    </Paper>
  );
}
