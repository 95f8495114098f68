import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { IconList, IconMapPin } from '@tabler/icons-react';
import { routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { CredentialsModal } from '../../gate-readers/components/CredentialsModal';
import { ItvsLocations } from './ItvsLocations';
import { ItvsTab } from './ItvsTab';

type ItvsTabName = 'locations' | 'operations';

// /itvs: tabs Locations (a map with marker information) and Operations (a paged list) with add,
// edit and delete of ITVs (spec 2 §2).
export function ItvsPage() {
  const access = useScreenAccess({ write: routes.machines.createItv.access });
  const [tab, setTab] = useState<ItvsTabName>('locations');
  if (!access) return null;
  return (
    <>
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'operations' ? 'operations' : 'locations')}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="locations" leftSection={<IconMapPin size={16} />} data-testid="itvs-tab-locations">
            Locations
          </Tabs.Tab>
          <Tabs.Tab value="operations" leftSection={<IconList size={16} />} data-testid="itvs-tab-operations">
            Operations
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="locations">
          <ItvsLocations />
        </Tabs.Panel>
        <Tabs.Panel value="operations">
          <ItvsTab access={access} />
        </Tabs.Panel>
      </Tabs>
      <CredentialsModal />
    </>
  );
}
