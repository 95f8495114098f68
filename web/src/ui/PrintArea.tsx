import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';

// What a printout shows: only the print area (the gate's tasks slip, spec 1 §2 "printing of
// generated tasks and binning locations"; the kiosk's status list and task summary, spec 2 §2); the
// screen around it is left out, in black on white. Controls inside it marked data-print-hide are
// left out too. The printer is the browser's: window.print().
const PRINT_CSS = `
@media print {
  body * { visibility: hidden !important; }
  [data-print-area], [data-print-area] * { visibility: visible !important; }
  [data-print-area] { position: absolute; left: 0; top: 0; width: 100%; }
  body, [data-print-area], [data-print-area] * { background: #fff !important; color: #000 !important; border-color: #999 !important; }
  [data-print-hide] { display: none !important; }
}`;

export function PrintArea({ children, gap = 'xs', testId }: { children: ReactNode; gap?: string; testId?: string }) {
  return (
    <Stack gap={gap} data-print-area data-testid={testId}>
      <style>{PRINT_CSS}</style>
      {children}
    </Stack>
  );
}
