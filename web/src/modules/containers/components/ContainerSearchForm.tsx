import { useState } from 'react';
import { Button, Group, TagsInput, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { isYardDay, searchTermsProblem, yardDayOf, yardDaysRange } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import type { ContainerSearch } from '../utils/ContainerSearch';
import { defaultContainerSearch } from '../utils/defaultContainerSearch';

const DATES_REVERSED = 'The from date is after the to date';
const DATE_MISSING = 'Choose a date';

// The search bar of a scope: one or more texts (number, IGM, item, tag, liner, customer, process,
// type, size or area; every text must match) and the gate-in period, one year back by default. The
// dates are yard days: a day runs from the yard's midnight to its next, in the yard's time zone.
// Each search opens a tab of its own. Enter runs the search with what is typed; a comma keeps the
// typed text and starts another.
export function ContainerSearchForm({
  testId,
  onSearch,
}: {
  testId: string;
  onSearch: (search: Omit<ContainerSearch, 'id'>) => void;
}) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const [initial] = useState(() => defaultContainerSearch(new Date(), timeZone));
  const [texts, setTexts] = useState<string[]>([]);
  const [from, setFrom] = useState(() => yardDayOf(initial.fromDate, timeZone));
  const [to, setTo] = useState(() => yardDayOf(initial.toDate, timeZone));
  const [error, setError] = useState<{ text?: string; from?: string; to?: string }>({});
  const [searchValue, setSearchValue] = useState('');

  const submit = (pendingText: string) => {
    const fromValid = isYardDay(from);
    const toValid = isYardDay(to);
    if (!fromValid || !toValid) {
      setError({ from: fromValid ? undefined : DATE_MISSING, to: toValid ? undefined : DATE_MISSING });
      return;
    }
    if (from > to) {
      setError({ from: DATES_REVERSED });
      return;
    }
    const all = [...new Set([...texts, pendingText].map((text) => text.trim()).filter(Boolean))];
    // The server's rule (at most MAX_SEARCH_TERMS texts), said before the search is sent.
    const tooMany = searchTermsProblem(all);
    if (tooMany) {
      setError({ text: tooMany });
      return;
    }
    setError({});
    const days = yardDaysRange(from, to, timeZone);
    onSearch({ texts: all, fromDate: days.from, toDate: days.to });
    setTexts([]);
    setSearchValue('');
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit(searchValue);
      }}
    >
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TagsInput
          size="xs"
          label="Search"
          placeholder={
            texts.length
              ? 'Add another text'
              : 'Container number, IGM, liner, area… (comma adds a text, Enter searches)'
          }
          value={texts}
          onKeyDown={(event) => {
            // The tags input would only keep the typed text on Enter; the search runs instead.
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            event.stopPropagation();
            submit(searchValue);
          }}
          onChange={(next) => {
            setTexts(next);
            setError(({ text: _text, ...rest }) => rest);
          }}
          error={error.text}
          searchValue={searchValue}
          onSearchChange={setSearchValue}
          clearable
          style={{ flex: 1, minWidth: 320 }}
          data-testid={`${testId}-text`}
        />
        <TextInput
          size="xs"
          type="date"
          label="Gate-in from"
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          error={error.from}
          w={150}
          data-testid={`${testId}-from`}
        />
        <TextInput
          size="xs"
          type="date"
          label="Gate-in to"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={error.to}
          w={150}
          data-testid={`${testId}-to`}
        />
        <Button size="xs" type="submit" mt={22} leftSection={<IconSearch size={14} />} data-testid={`${testId}-submit`}>
          Search
        </Button>
      </Group>
    </form>
  );
}
