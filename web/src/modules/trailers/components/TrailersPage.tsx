import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { IconCards, IconTruck, IconTruckLoading } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { metadataState } from '../../../app/states/metadataState';
import { TRAILERS_TABS, type TrailersTabName } from '../utils/TrailersTabName';
import { trailersPageSizeOf } from '../utils/trailersPageSizeOf';
import { PermanentTrailersTab } from './PermanentTrailersTab';
import { PlaCardsTab } from './PlaCardsTab';
import { TrailersTab } from './TrailersTab';

// /trailers: tabs Trailers, PLA cards and Permanent Trailers (spec 3 §2). Managing them is a create
// or update on this screen (the catalogue's access, spec 3 §6); the lists page by the yard's
// paginationItemsPerPage with one-based offsets (spec 3 §9).
export function TrailersPage() {
  const access = useScreenAccess({ write: routes.trailers.create.access });
  const pageSize = trailersPageSizeOf(useAtomValue(metadataState));
  const [tab, setTab] = useState<TrailersTabName>('trailers');
  if (!access) return null;

  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab(TRAILERS_TABS.find((name) => name === value) ?? 'trailers')}
      keepMounted={false}
    >
      <Tabs.List mb="sm">
        <Tabs.Tab value="trailers" leftSection={<IconTruck size={16} />} data-testid="trailers-tab-trailers">
          Trailers
        </Tabs.Tab>
        <Tabs.Tab value="plaCards" leftSection={<IconCards size={16} />} data-testid="trailers-tab-pla-cards">
          PLA cards
        </Tabs.Tab>
        <Tabs.Tab
          value="permanentTrailers"
          leftSection={<IconTruckLoading size={16} />}
          data-testid="trailers-tab-permanent"
        >
          Permanent Trailers
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="trailers">
        <TrailersTab access={access} pageSize={pageSize} />
      </Tabs.Panel>
      <Tabs.Panel value="plaCards">
        <PlaCardsTab access={access} pageSize={pageSize} />
      </Tabs.Panel>
      <Tabs.Panel value="permanentTrailers">
        <PermanentTrailersTab access={access} pageSize={pageSize} />
      </Tabs.Panel>
    </Tabs>
  );
}
