import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconBackspace, IconCornerDownLeft } from '@tabler/icons-react';
import { KIOSK_KEYBOARD_ROWS, KIOSK_KEYPAD_ROWS } from '@openyard/contracts';
import { useTouchSize } from '../utils/touchSize';

interface KeyboardProps {
  onKey: (key: string) => void;
  onBackspace: () => void;
  onClear: () => void;
  // The Enter key: adds what was typed (the locate and tasks screens), or moves on.
  onEnter?: () => void;
  enterLabel?: string;
  testId: string;
}

// The kiosk's on-screen keyboard (spec 2 §2, §9: digits, letters, a colon and a comma), for a
// touch screen without a physical keyboard: each key types into the page's field.
export function OnScreenKeyboard({ onKey, onBackspace, onClear, onEnter, enterLabel = 'Add', testId }: KeyboardProps) {
  const size = useTouchSize();
  return (
    <Stack gap="xs" data-testid={testId}>
      {KIOSK_KEYBOARD_ROWS.map((row) => (
        <SimpleGrid key={row.join('')} cols={10} spacing="xs">
          {row.map((key) => (
            <Button
              key={key}
              size={size}
              h={size === 'xl' ? 76 : undefined}
              variant="default"
              px={0}
              fz={size === 'xl' ? 30 : 20}
              onClick={() => onKey(key)}
              data-testid={`${testId}-key-${key}`}
            >
              {key}
            </Button>
          ))}
        </SimpleGrid>
      ))}
      <KeyboardActions
        onBackspace={onBackspace}
        onClear={onClear}
        onEnter={onEnter}
        enterLabel={enterLabel}
        testId={testId}
      />
    </Stack>
  );
}

// The status screen's numeric keypad (spec 2 §2: IGM and item numbers are digits).
export function NumericKeypad({ onKey, onBackspace, onClear, onEnter, enterLabel = 'Next', testId }: KeyboardProps) {
  const size = useTouchSize();
  return (
    <Stack gap="xs" maw={520} w="100%" mx="auto" data-testid={testId}>
      {KIOSK_KEYPAD_ROWS.map((row) => (
        <SimpleGrid key={row.join('')} cols={3} spacing="xs">
          {row.map((key) => (
            <Button
              key={key}
              size={size}
              h={size === 'xl' ? 76 : 56}
              variant="default"
              fz={size === 'xl' ? 32 : 22}
              onClick={() => onKey(key)}
              data-testid={`${testId}-key-${key}`}
              style={key === '0' ? { gridColumn: '2' } : undefined}
            >
              {key}
            </Button>
          ))}
        </SimpleGrid>
      ))}
      <KeyboardActions
        onBackspace={onBackspace}
        onClear={onClear}
        onEnter={onEnter}
        enterLabel={enterLabel}
        testId={testId}
      />
    </Stack>
  );
}

function KeyboardActions({
  onBackspace,
  onClear,
  onEnter,
  enterLabel,
  testId,
}: Pick<KeyboardProps, 'onBackspace' | 'onClear' | 'onEnter' | 'testId'> & { enterLabel: string }) {
  const size = useTouchSize();
  return (
    <Group gap="xs" grow>
      <Button size={size} variant="default" onClick={onClear} data-testid={`${testId}-clear`}>
        Clear
      </Button>
      <Button
        size={size}
        variant="default"
        onClick={onBackspace}
        aria-label="Delete the last character"
        data-testid={`${testId}-backspace`}
      >
        <IconBackspace size={size === 'xl' ? 32 : 24} />
      </Button>
      {onEnter && (
        <Button
          size={size}
          variant="light"
          leftSection={<IconCornerDownLeft size={size === 'xl' ? 28 : 20} />}
          onClick={onEnter}
          data-testid={`${testId}-enter`}
        >
          {enterLabel}
        </Button>
      )}
    </Group>
  );
}
