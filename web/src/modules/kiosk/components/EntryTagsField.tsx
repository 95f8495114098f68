import { ActionIcon, Badge, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { EntryTags } from '../hooks/useEntryTags';
import { useTouchSize } from '../utils/touchSize';

// The kiosk's tag field: the entries as tags (each removable) and the text being typed, typed on
// the on-screen keyboard or a physical one. inputMode none: a touch screen does not open its own
// keyboard over the kiosk's.
export function EntryTagsField({
  entries,
  label,
  placeholder,
  testId,
}: {
  entries: EntryTags;
  label: string;
  placeholder: string;
  testId: string;
}) {
  const size = useTouchSize();
  const kiosk = size === 'xl';
  return (
    <Paper withBorder p="sm" bg="dark.7" data-testid={testId}>
      <Text fz={kiosk ? 22 : 16} fw={600} mb="xs">
        {label}
      </Text>
      {entries.tags.length > 0 && (
        <Group gap="xs" mb="xs">
          {entries.tags.map((tag) => (
            <Badge
              key={tag}
              size="xl"
              h={kiosk ? 56 : 48}
              fz={kiosk ? 24 : 18}
              variant="light"
              color="yellow"
              tt="none"
              pr={4}
              data-testid={`${testId}-tag`}
              rightSection={
                <ActionIcon
                  size={kiosk ? 48 : 44}
                  variant="subtle"
                  color="yellow"
                  aria-label={`Remove ${tag}`}
                  onClick={() => entries.remove(tag)}
                  data-testid={`${testId}-tag-remove`}
                >
                  <IconX size={kiosk ? 26 : 20} />
                </ActionIcon>
              }
            >
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      <TextInput
        size={size}
        value={entries.draft}
        placeholder={placeholder}
        aria-label={label}
        inputMode="none"
        autoComplete="off"
        autoCapitalize="characters"
        styles={{ input: { fontFamily: 'monospace', fontSize: kiosk ? 30 : 20, letterSpacing: 1 } }}
        onChange={(event) => entries.type(event.currentTarget.value.toUpperCase())}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            entries.commit();
          }
        }}
        data-testid={`${testId}-input`}
      />
    </Paper>
  );
}
