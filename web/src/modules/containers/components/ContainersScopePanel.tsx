import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { CloseButton, Group, Paper, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconListSearch, IconStack2 } from '@tabler/icons-react';
import { yardDayOf } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import type { ContainerSearch } from '../utils/ContainerSearch';
import type { ContainersScope } from '../utils/ContainersScope';
import { defaultContainerSearch } from '../utils/defaultContainerSearch';
import { searchLabelOf } from '../utils/searchLabelOf';
import { ContainerSearchForm } from './ContainerSearchForm';
import { ContainersList } from './ContainersList';

const ALL_TAB = 'all';

const sameSearch = (a: Omit<ContainerSearch, 'id'>, b: Omit<ContainerSearch, 'id'>) =>
  a.fromDate === b.fromDate && a.toDate === b.toDate && a.texts.join('\u0000') === b.texts.join('\u0000');

// One top tab (Yard or All): the search bar, then 'All containers' and a closable tab per search,
// each with its own page (spec 1 §2).
export function ContainersScopePanel({
  scope,
  pageSize,
  access,
}: {
  scope: ContainersScope;
  pageSize: number;
  access: ScreenAccess;
}) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const [allSearch] = useState(() => defaultContainerSearch(new Date(), timeZone));
  const [searches, setSearches] = useState<ContainerSearch[]>([]);
  const [active, setActive] = useState<string>(ALL_TAB);
  const [pages, setPages] = useState<Record<string, number>>({});
  const [nextId, setNextId] = useState(1);

  const open = (search: Omit<ContainerSearch, 'id'>) => {
    const existing = searches.find((candidate) => sameSearch(candidate, search));
    if (existing) {
      setActive(existing.id);
      return;
    }
    if (!search.texts.length && sameSearch(search, allSearch)) {
      setActive(ALL_TAB);
      return;
    }
    const id = `search-${nextId}`;
    setNextId(nextId + 1);
    setSearches([...searches, { ...search, id }]);
    setActive(id);
  };

  const close = (id: string) => {
    const index = searches.findIndex((search) => search.id === id);
    const remaining = searches.filter((search) => search.id !== id);
    setSearches(remaining);
    if (active === id) setActive(remaining[Math.min(index, remaining.length - 1)]?.id ?? ALL_TAB);
  };

  const current = searches.find((search) => search.id === active) ?? allSearch;
  const currentId = current === allSearch ? ALL_TAB : current.id;
  const testId = `containers-${scope}`;

  return (
    <Stack gap="sm">
      <Paper p="sm" bg="dark.7">
        <ContainerSearchForm testId={`${testId}-search`} onSearch={open} />
      </Paper>
      <Tabs value={currentId} onChange={(value) => setActive(value ?? ALL_TAB)} keepMounted={false} variant="outline">
        <Tabs.List>
          <Tabs.Tab value={ALL_TAB} leftSection={<IconStack2 size={14} />} data-testid={`${testId}-tab-all`}>
            <Tooltip
              label={`Gate-in ${yardDayOf(allSearch.fromDate, timeZone)} – ${yardDayOf(allSearch.toDate, timeZone)}`}
              openDelay={500}
            >
              <span>All containers</span>
            </Tooltip>
          </Tabs.Tab>
          {searches.map((search) => (
            <Tabs.Tab
              key={search.id}
              value={search.id}
              leftSection={<IconListSearch size={14} />}
              rightSection={
                <CloseButton
                  component="span"
                  size="xs"
                  aria-label={`Close search ${searchLabelOf(search, timeZone)}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    close(search.id);
                  }}
                  data-testid={`${testId}-tab-close`}
                />
              }
              data-testid={`${testId}-tab-search`}
            >
              <Group gap={4} wrap="nowrap" maw={260}>
                <Text inherit truncate>
                  {searchLabelOf(search, timeZone)}
                </Text>
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ContainersList
        key={`${scope}-${currentId}`}
        scope={scope}
        search={current}
        page={pages[currentId] ?? 1}
        pageSize={pageSize}
        onPageChange={(page) => setPages((all) => ({ ...all, [currentId]: page }))}
        access={access}
      />
    </Stack>
  );
}
