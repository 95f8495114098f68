import { Badge, Tooltip } from '@mantine/core';
import type { MachineColour } from '@openyard/contracts';
import { MARKER_COLOURS } from '../utils/markerColours';

// The status icon of spec 2 §2 / spec 3 §4 in a list: its colour, the label when there is one, and
// what the colour means on hover.
export function StatusDot({ colour, label, testId }: { colour: MachineColour; label: string; testId?: string }) {
  const shown = MARKER_COLOURS[colour];
  return (
    <Tooltip label={shown.meaning}>
      <Badge
        circle={label.length < 2}
        color={shown.mantine}
        variant="filled"
        size="lg"
        data-testid={testId}
        data-colour={colour}
        aria-label={`${label} ${shown.meaning}`.trim()}
      >
        {label || ' '}
      </Badge>
    </Tooltip>
  );
}
