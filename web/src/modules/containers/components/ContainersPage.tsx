import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { IconBuildingWarehouse, IconStack3 } from '@tabler/icons-react';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { useAtomValue } from 'jotai';
import { routes, PAGE_SIZES } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { metadataState } from '../../../app/states/metadataState';
import { useContainersLive } from '../hooks/useContainersLive';
import type { ContainersScope } from '../utils/ContainersScope';
import { ContainersScopePanel } from './ContainersScopePanel';

// /containers: top tabs Yard (container locations) and All (container management), spec 1 §2.
// Container changes made anywhere reload the visible page through the live topic `containers`.
export function ContainersPage() {
  // The web mirrors the server's rule for the screen's writes (spec 1 §6) to disable what would be refused.
  const access = useScreenAccess({ write: routes.containers.save.access });
  const metadata = useAtomValue(metadataState);
  const [scope, setScope] = useState<ContainersScope>('yard');
  const liveRefusal = useContainersLive();
  if (!access) return null;
  const yardPageSize = metadata?.paginationItemsPerPage || PAGE_SIZES.containers;

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
          <ContainersScopePanel scope="yard" pageSize={yardPageSize} access={access} />
        </Tabs.Panel>
        <Tabs.Panel value="all">
          <ContainersScopePanel scope="all" pageSize={PAGE_SIZES.containers} access={access} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
