import { useMemo, useState } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { IconList, IconMapPin } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { metadataState } from '../../../app/states/metadataState';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { MachineScreensNav } from '../../allocations/components/MachineScreensNav';
import { CredentialsModal } from '../../gate-readers/components/CredentialsModal';
import { clockSecondState } from '../../gate-readers/states/clockSecondState';
import { useMachines } from '../hooks/useMachines';
import { useMachinesLive } from '../hooks/useMachinesLive';
import { machineMarkers } from '../utils/machineMarkers';
import { MachinesLocations } from './MachinesLocations';
import { MachinesTab } from './MachinesTab';

type MachinesTabName = 'locations' | 'operations';

// /machines: tabs Locations and Operations (spec 2 §2). Both show one snapshot of the machines,
// kept live by telemetry; the status colours are worked out every second by the one rule of
// contracts, so a machine not heard from turns orange on an open screen by the clock alone.
export function MachinesPage() {
  const access = useScreenAccess({ write: routes.machines.save.access });
  const staleAfterMs = useAtomValue(metadataState)?.machineStaleAfterMs;
  const now = useAtomValue(clockSecondState);
  const [tab, setTab] = useState<MachinesTabName>('locations');
  const machines = useMachines();
  const liveRefusal = useMachinesLive();
  const list = machines.data;
  const markers = useMemo(() => machineMarkers(list ?? [], now, staleAfterMs), [list, now, staleAfterMs]);
  const markersById = useMemo(() => new Map(markers.map((marker) => [marker.id, marker])), [markers]);
  if (!access) return null;

  return (
    <Stack gap="sm">
      <MachineScreensNav />
      <LiveUnavailableNotice refusal={liveRefusal} />
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'operations' ? 'operations' : 'locations')}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="locations" leftSection={<IconMapPin size={16} />} data-testid="machines-tab-locations">
            Locations
          </Tabs.Tab>
          <Tabs.Tab value="operations" leftSection={<IconList size={16} />} data-testid="machines-tab-operations">
            Operations
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="locations">
          <MachinesLocations markers={markers} loading={machines.isPending} error={machines.error} />
        </Tabs.Panel>
        <Tabs.Panel value="operations">
          <MachinesTab
            access={access}
            machines={list ?? []}
            markers={markersById}
            loading={machines.isPending}
            error={machines.error}
            reloading={machines.isFetching}
            onReload={() => void machines.refetch()}
          />
        </Tabs.Panel>
      </Tabs>
      <CredentialsModal />
    </Stack>
  );
}
