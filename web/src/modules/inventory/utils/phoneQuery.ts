// Below Mantine's `sm` breakpoint (a phone) the inventory is a column: search, the grid, the details
// of the box tapped or found, the area cards; the page scrolls.
export const phoneQuery = '(max-width: 48em)';
