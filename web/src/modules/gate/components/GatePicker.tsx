import { forwardRef } from 'react';
import { NativeSelect } from '@mantine/core';
import type { Gate } from '@openyard/contracts';

// The gate this desk works at; the choice is remembered by the browser.
export const GatePicker = forwardRef<
  HTMLSelectElement,
  { gates: readonly Gate[]; value: number | null; onChange: (id: number) => void }
>(function GatePicker({ gates, value, onChange }, ref) {
  return (
    <NativeSelect
      ref={ref}
      label="Gate"
      w={220}
      data={gates.map((gate) => ({ value: String(gate.id), label: `${gate.name} (${gate.type})` }))}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      data-testid="gate-picker"
    />
  );
});
