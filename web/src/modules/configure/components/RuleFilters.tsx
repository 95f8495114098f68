import { Badge, Group, Text } from '@mantine/core';
import type { Rule } from '@openyard/contracts';
import { ruleFilterSummary } from '../utils/ruleFilterSummary';

// The filters a rule narrows, as small labelled badges; "Any container" when it narrows none.
export function RuleFilters({ rule }: { rule: Rule }) {
  const parts = ruleFilterSummary(rule);
  if (parts.length === 0)
    return (
      <Text size="xs" c="dimmed">
        Any container
      </Text>
    );
  return (
    <Group gap={4}>
      {parts.map((part) => (
        <Badge
          key={part.label}
          size="xs"
          variant="light"
          color={part.label === 'Hazardous' ? 'orange' : 'gray'}
          tt="none"
          fw={500}
        >
          {part.label}: {part.value}
        </Badge>
      ))}
    </Group>
  );
}
