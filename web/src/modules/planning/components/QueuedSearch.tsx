import { useState } from 'react';
import { Button, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { QUEUED_SEARCH_FIELDS, type QueuedQuery, type QueuedSearchField } from '@openyard/contracts';

const FIELD_LABELS: Record<QueuedSearchField, string> = {
  containerNumber: 'Container number',
  igmNumber: 'IGM number',
  jobOrderNumber: 'Job order number',
  liner: 'Liner',
};

// The queued-container selector (spec 2 §2): by container number, IGM number, job order number or
// liner; an empty text lists every queued container. The search is made on Enter or Search (a new
// selection: the editor asks before unsaved assignments go).
export function QueuedSearch({
  value,
  onSearch,
}: {
  value: QueuedQuery;
  onSearch: (query: QueuedQuery) => void | Promise<void>;
}) {
  const [searchBy, setSearchBy] = useState<QueuedSearchField>(value.searchBy ?? 'containerNumber');
  const [text, setText] = useState(value.query ?? '');
  const submit = (includePlanned = value.includePlanned ?? false) =>
    void onSearch({ searchBy, query: text.trim(), includePlanned });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="planning-search"
    >
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select
          size="xs"
          w={170}
          label="Search by"
          allowDeselect={false}
          data={QUEUED_SEARCH_FIELDS.map((field) => ({ value: field, label: FIELD_LABELS[field] }))}
          value={searchBy}
          onChange={(field) => field && setSearchBy(field as QueuedSearchField)}
          data-testid="planning-search-by"
        />
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          label="Queued containers"
          placeholder={`${FIELD_LABELS[searchBy]}, or empty for all`}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
          data-testid="planning-search-text"
        />
        <Button size="xs" type="submit" leftSection={<IconSearch size={14} />} data-testid="planning-search-submit">
          Search
        </Button>
      </Group>
      <Checkbox
        mt={6}
        size="xs"
        label="Show planned containers too"
        checked={value.includePlanned ?? false}
        onChange={(event) => submit(event.currentTarget.checked)}
        data-testid="planning-include-planned"
      />
    </form>
  );
}
