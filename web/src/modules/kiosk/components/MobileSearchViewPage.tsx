import { Stack } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { Navigate, useSearchParams } from 'react-router';
import { MOBILE_SEARCH_PATHS, containerSearch, messages } from '@openyard/contracts';
import { ListState } from '../../../ui/ListState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useYardMap } from '../../containers/hooks/useYardMap';
import type { MobileSearchState } from '../utils/mobileSearchUrl';
import { ContainerPlaces } from './ContainerPlaces';
import { PublicFrame } from './PublicFrame';
import { PublicNotice } from './PublicNotice';
import { StoreLinks } from './StoreLinks';

// /mobile-search-view?query= (spec 2 §2, §8): where the searched containers stand (the public yard
// map call, medium Mobile); back to /mobile-search when the query is empty or invalid, with the
// spec's message; the no-container state when nothing is found.
export function MobileSearchViewPage() {
  const [params] = useSearchParams();
  const query = params.get('query') ?? '';
  const search = containerSearch(query);
  const asked =
    search.kind === 'numbers' ? search.numbers : search.kind === 'igm' ? [`${search.igm}:${search.item}`] : [];
  const map = useYardMap(asked, 'Mobile');
  if (search.kind === 'error') {
    const state: MobileSearchState = { message: search.error, query };
    return <Navigate to={MOBILE_SEARCH_PATHS.search} replace state={state} />;
  }
  const found = map.data?.containers.length ?? 0;
  return (
    <PublicFrame
      title="Container search"
      subtitle={asked.join(', ')}
      back={{ to: MOBILE_SEARCH_PATHS.search, label: 'New search' }}
      size="lg"
      testId="mobile-search-view"
    >
      <Stack gap="md">
        <ListState
          loading={map.isPending}
          error={map.error ? errorMessageOf(map.error) : null}
          count={1}
          onRetry={() => void map.refetch()}
          testId="mobile-search-view-list"
        />
        {map.data &&
          (found === 0 ? (
            <PublicNotice
              color="orange"
              icon={<IconMoodEmpty />}
              title={messages.mobileNoContainer}
              testId="mobile-no-container"
            >
              {map.data.notFound.join(', ')}
            </PublicNotice>
          ) : (
            <ContainerPlaces
              containers={map.data.containers}
              missing={map.data.notFound}
              missingText={messages.kioskLocationNotFound}
              testId="mobile-places"
            />
          ))}
        <StoreLinks />
      </Stack>
    </PublicFrame>
  );
}
