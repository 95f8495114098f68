import type { MachineColour } from '@openyard/contracts';

// How each status colour of spec 2 §4 is drawn: on the map (RGBA), in the lists (Mantine colour)
// and in words (the legend, screen readers, the print).
export const MARKER_COLOURS: Record<
  MachineColour,
  { rgba: [number, number, number, number]; mantine: string; meaning: string }
> = {
  red: { rgba: [224, 49, 49, 255], mantine: 'red', meaning: 'Break-Down' },
  orange: { rgba: [247, 103, 7, 255], mantine: 'orange', meaning: 'No data for more than 5 minutes' },
  green: { rgba: [47, 158, 68, 255], mantine: 'green', meaning: 'Data within 5 minutes' },
  grey: { rgba: [134, 142, 150, 255], mantine: 'gray', meaning: 'No data yet' },
};
