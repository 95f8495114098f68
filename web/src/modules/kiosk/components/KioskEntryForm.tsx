import type { ComponentType } from 'react';
import { Stack } from '@mantine/core';
import type { useEntryTags } from '../hooks/useEntryTags';
import { EntryTagsField } from './EntryTagsField';
import { KioskActionButton } from './KioskActionButton';
import { OnScreenKeyboard } from './OnScreenKeyboard';
import { PublicNotice } from './PublicNotice';

// A kiosk's first step where the customer types tags (spec 2 §2 Kiosk locate, Kiosk tasks): the tag
// field, what was wrong with the last try, the on-screen keyboard and the step's action, which waits
// for at least one entry.
export function KioskEntryForm({
  entries,
  label,
  placeholder,
  problem,
  action,
  testId,
}: {
  entries: ReturnType<typeof useEntryTags>;
  label: string;
  placeholder: string;
  problem: string | null;
  action: {
    label: string;
    icon: ComponentType<{ size?: number }>;
    loading?: boolean;
    onClick: () => void;
    testId: string;
  };
  testId: string;
}) {
  return (
    <Stack gap="lg">
      <EntryTagsField entries={entries} label={label} placeholder={placeholder} testId={`${testId}-entries`} />
      {problem && (
        <PublicNotice color="red" testId={`${testId}-problem`}>
          {problem}
        </PublicNotice>
      )}
      <OnScreenKeyboard
        onKey={entries.key}
        onBackspace={entries.backspace}
        onClear={entries.clear}
        onEnter={entries.commit}
        testId="kiosk-keyboard"
      />
      <KioskActionButton {...action} disabled={entries.entries().length === 0} />
    </Stack>
  );
}
