import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A low-glare dark palette for control-room walls: slate greys with a slight blue cast, one calm
// accent (teal-cyan) and no pure white text.
const slate: MantineColorsTuple = [
  '#c9d1d9',
  '#aab4bf',
  '#8a96a3',
  '#5f6b78',
  '#3a4450',
  '#2b333d',
  '#20272f',
  '#1a2027',
  '#141a20',
  '#0e1317',
];

const harbour: MantineColorsTuple = [
  '#e3fafc',
  '#c5f0f4',
  '#99e2ea',
  '#68d2de',
  '#43c3d3',
  '#2bb3c4',
  '#1f98a8',
  '#167b89',
  '#0f5f6a',
  '#08444c',
];

export const theme = createTheme({
  primaryColor: 'harbour',
  primaryShade: { light: 6, dark: 7 },
  colors: { dark: slate, harbour },
  defaultRadius: 'sm',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", "Cascadia Mono", Consolas, monospace',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, padding: 'md' } },
    Paper: { defaultProps: { withBorder: true } },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
  },
});
