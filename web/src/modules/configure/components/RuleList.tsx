import { ActionIcon, Group, Paper, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Rule } from '@openyard/contracts';
import { RuleFilters } from './RuleFilters';
import { RuleSwatch } from './RuleSwatch';

interface RuleListProps {
  rules: readonly Rule[];
  canEdit: boolean;
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
}

// The colour rules with their filters and cell counts; edit and delete need the enterprise edition.
export function RuleList({ rules, canEdit, onEdit, onDelete }: RuleListProps) {
  if (rules.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="rule-list-empty">
        No colour rules yet.
      </Text>
    );
  return (
    <ScrollArea.Autosize mah="calc(100vh - 380px)" type="auto" offsetScrollbars>
      <Stack gap={6} data-testid="rule-list">
        {rules.map((rule) => (
          <Paper key={rule.id} p="xs" radius="sm" bg="dark.6" data-testid="rule-list-item" data-rule-name={rule.name}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <RuleSwatch color={rule.color} size={16} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {rule.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {rule.cells.length} {rule.cells.length === 1 ? 'cell' : 'cells'} · {rule.color.toUpperCase()}
                  </Text>
                </div>
              </Group>
              {canEdit && (
                <Group gap={2} wrap="nowrap">
                  <Tooltip label="Edit rule">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => onEdit(rule)}
                      aria-label={`Edit rule ${rule.name}`}
                      data-testid="rule-edit"
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete rule">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDelete(rule)}
                      aria-label={`Delete rule ${rule.name}`}
                      data-testid="rule-delete"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
            <div style={{ marginTop: 6 }}>
              <RuleFilters rule={rule} />
            </div>
          </Paper>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
