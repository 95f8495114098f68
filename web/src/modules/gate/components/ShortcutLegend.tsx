import { Group, Kbd, Text } from '@mantine/core';

export const GATE_SHORTCUTS: readonly [string, string][] = [
  ['Alt+1', 'Container offloading'],
  ['Alt+2', 'Trailer gate-in'],
  ['Alt+3', 'Yard operations'],
  ['Alt+G', 'Gate'],
  ['Enter / Alt+S', 'Submit'],
  ['Alt+R', 'Reset'],
  ['Alt+P', 'Print tasks'],
  ['Esc', 'Close dialog'],
];

// The screen's keyboard shortcuts, shown where the clerk works (issue 15 "shortcuts listed on the
// screen"); the arrow keys move between the tabs of a tab row.
export function ShortcutLegend() {
  return (
    <Group gap="sm" data-testid="gate-shortcuts" aria-label="Keyboard shortcuts">
      {GATE_SHORTCUTS.map(([keys, action]) => (
        <Text key={keys} size="xs" c="dimmed">
          <Kbd size="xs">{keys}</Kbd> {action}
        </Text>
      ))}
    </Group>
  );
}
