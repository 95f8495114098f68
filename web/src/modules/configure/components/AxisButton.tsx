import { Box, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

interface AxisButtonProps {
  label: ReactNode;
  width: number;
  height: number;
  // Null when the screen is not in edit mode: the label is only a label then.
  onClick: (() => void) | null;
  hint: string;
  testId: string;
  active?: boolean;
  accent?: boolean;
}

// A row or column label of an area grid; in edit mode a click selects the whole row or column.
export function AxisButton({ label, width, height, onClick, hint, testId, active, accent }: AxisButtonProps) {
  const style = {
    width,
    height,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: 10,
    fontFamily: 'var(--mantine-font-family-monospace)',
    borderRadius: 3,
    color: active
      ? 'var(--mantine-color-harbour-2)'
      : accent
        ? 'var(--mantine-color-dark-1)'
        : 'var(--mantine-color-dark-2)',
    background: active ? 'rgba(43, 179, 196, 0.18)' : undefined,
    overflow: 'hidden',
    whiteSpace: 'nowrap' as const,
    flex: 'none',
  };
  if (!onClick) return <Box style={style}>{label}</Box>;
  return (
    // A native title, not a Tooltip component: a large area has hundreds of these labels.
    <UnstyledButton
      title={hint}
      onClick={onClick}
      style={style}
      data-testid={testId}
      aria-label={hint}
      onMouseEnter={(event) => {
        if (!active) event.currentTarget.style.background = 'rgba(43, 179, 196, 0.12)';
      }}
      onMouseLeave={(event) => {
        if (!active) event.currentTarget.style.background = '';
      }}
    >
      {label}
    </UnstyledButton>
  );
}
