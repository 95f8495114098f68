import { Group, Paper, Text } from '@mantine/core';
import type { Rule } from '@openyard/contracts';

const swatch = (style: React.CSSProperties) => (
  <span style={{ width: 16, height: 8, borderRadius: 1, flexShrink: 0, display: 'inline-block', ...style }} />
);

// What the grid's marks mean; with rule colours on, the rules and their colours. Over the grid's
// corner, or docked under it (a phone). Planning draws its unsaved slots as planned ones and has no
// search marks (`planning`).
export function GridLegend({
  rules,
  docked = false,
  planning = false,
}: {
  rules: Rule[] | null;
  docked?: boolean;
  planning?: boolean;
}) {
  return (
    <Paper
      pos={docked ? 'static' : 'absolute'}
      left={docked ? undefined : 10}
      bottom={docked ? undefined : 10}
      px="sm"
      py={6}
      bg="rgba(16, 21, 27, 0.88)"
      style={{ pointerEvents: 'none', maxWidth: docked ? undefined : 'calc(100% - 80px)' }}
    >
      <Group gap="md" wrap="wrap">
        <Group gap={6}>
          {swatch({ background: '#242c36' })}
          <Text size="xs" c="dimmed">
            Empty slot
          </Text>
        </Group>
        <Group gap={6}>
          {swatch({ background: 'rgba(250, 204, 21, 0.22)', border: '1px dashed #facc15' })}
          <Text size="xs" c="dimmed">
            {planning ? 'Planned or assigned' : 'Planned'}
          </Text>
        </Group>
        <Group gap={6}>
          {swatch({ background: '#42b0d5', width: 34 })}
          <Text size="xs" c="dimmed">
            40 ft spans two slots
          </Text>
        </Group>
        {planning ? (
          <Group gap={6}>
            {swatch({ border: '2px solid #facc15' })}
            <Text size="xs" c="dimmed">
              Slot of the chosen container
            </Text>
          </Group>
        ) : (
          <Group gap={6}>
            {swatch({ border: '2px solid #22d3ee' })}
            <Text size="xs" c="dimmed">
              Found
            </Text>
          </Group>
        )}
        {rules?.map((rule) => (
          <Group gap={6} key={rule.id}>
            {swatch({ background: rule.color })}
            <Text size="xs">{rule.name}</Text>
          </Group>
        ))}
        {rules && !rules.length && (
          <Text size="xs" c="dimmed">
            No colour rules configured
          </Text>
        )}
      </Group>
    </Paper>
  );
}
