import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { containerSearch } from '@openyard/contracts';
import { mobileSearchViewUrl, type MobileSearchState } from '../utils/mobileSearchUrl';
import { PublicFrame } from './PublicFrame';
import { PublicNotice } from './PublicNotice';
import { StoreLinks } from './StoreLinks';

// /mobile-search (spec 2 §2, §5, §8): up to 10 container numbers separated by commas, or one IGM
// item (IGM:ITEM); the spec's two messages when the search is empty or too large. The view sends
// an empty or invalid query back here with its message.
export function MobileSearchPage() {
  const navigate = useNavigate();
  const handedBack = (useLocation().state ?? {}) as MobileSearchState;
  const [query, setQuery] = useState(handedBack.query ?? '');
  const [problem, setProblem] = useState<string | null>(handedBack.message ?? null);
  const submit = () => {
    const search = containerSearch(query);
    if (search.kind === 'error') return setProblem(search.error);
    void navigate(mobileSearchViewUrl(query.trim()));
  };
  return (
    <PublicFrame title="Container search" subtitle="Where is my container?" size="lg" testId="mobile-search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            size="lg"
            label="Container numbers or IGM item"
            description="Up to 10 container numbers separated by commas, or one IGM:ITEM"
            placeholder="MSCU1234566, TGHU7654321"
            value={query}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setProblem(null);
            }}
            styles={{ input: { fontSize: 18 } }}
            data-testid="mobile-search-query"
          />
          {problem && (
            <PublicNotice color="red" testId="mobile-search-problem">
              {problem}
            </PublicNotice>
          )}
          <Button type="submit" size="lg" leftSection={<IconSearch size={20} />} data-testid="mobile-search-submit">
            Search
          </Button>
        </Stack>
      </form>
      <StoreLinks />
    </PublicFrame>
  );
}
