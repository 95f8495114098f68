import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { IconBuildingWarehouse, IconStack3 } from '@tabler/icons-react';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router';
import { canCreateOrUpdate } from '@openyard/contracts';
import { currentUserState } from '../../../app/states/currentUserState';
import { metadataState } from '../../../app/states/metadataState';
import { principalOf } from '../../../app/utils/principalOf';
import { useContainersLive } from '../hooks/useContainersLive';
import { allTabPageSize } from '../utils/allTabPageSize';
import type { ContainersScope } from '../utils/ContainersScope';
import { ContainersScopePanel } from './ContainersScopePanel';

// /containers: top tabs Yard (container locations) and All (container management), spec 1 §2.
// Container changes made anywhere reload the visible page through the live topic `containers`.
export function ContainersPage() {
  const user = useAtomValue(currentUserState);
  const metadata = useAtomValue(metadataState);
  const { pathname } = useLocation();
  const [scope, setScope] = useState<ContainersScope>('yard');
  const liveRefusal = useContainersLive();
  if (!user) return null;
  // The web mirrors the server's rule (spec 1 §6) to disable what would be refused.
  const canWrite = canCreateOrUpdate(principalOf(user), pathname, '/containers');
  const yardPageSize = metadata?.paginationItemsPerPage || allTabPageSize;

  return (
    <>
      <LiveUnavailableNotice refusal={liveRefusal} />
      <Tabs value={scope} onChange={(value) => setScope(value === 'all' ? 'all' : 'yard')}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="yard" leftSection={<IconBuildingWarehouse size={16} />} data-testid="containers-tab-yard">
            Yard
          </Tabs.Tab>
          <Tabs.Tab value="all" leftSection={<IconStack3 size={16} />} data-testid="containers-tab-all">
            All
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="yard">
          <ContainersScopePanel scope="yard" pageSize={yardPageSize} canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="all">
          <ContainersScopePanel scope="all" pageSize={allTabPageSize} canWrite={canWrite} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
