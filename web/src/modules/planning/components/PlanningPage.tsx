import { useState } from 'react';
import { Group, Stack, Tabs } from '@mantine/core';
import { IconListDetails, IconMapPin } from '@tabler/icons-react';
import { routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { ReadOnlyBadge } from '../../../ui/WriteGuard';
import { YardLayoutGate } from '../../inventory/components/YardLayoutGate';
import { usePlanningLive } from '../hooks/usePlanningLive';
import { confirmDiscardPlan } from '../utils/confirmDiscardPlan';
import { EditPlanTab } from './EditPlanTab';
import { PlanEditor } from './PlanEditor';

const TABS = ['plan', 'edit'] as const;
type PlanningTab = (typeof TABS)[number];

// /planning (spec 2 §2 Planning screen; needs FEATURE_PLANNING): tabs Plan (a new plan from queued
// containers) and Edit Plan (the saved plans). On planning admin includes operator and superadmin
// is separate (spec 2 §6): the catalogue's write access says who plans; auto-assign, save and
// delete are enterprise only (the locked-feature modal otherwise). Leaving a tab with unsaved
// assignments asks first (spec 2 §4). The topic `planning` keeps the lists and the engine's runs
// live (usePlanningLive).
export function PlanningPage() {
  const access = useScreenAccess({ write: routes.planning.save.access });
  const [tab, setTab] = useState<PlanningTab>('plan');
  const [dirty, setDirty] = useState(false);
  const liveRefusal = usePlanningLive();
  if (!access) return null;
  const changeTab = async (value: string | null) => {
    const next = TABS.find((name) => name === value);
    if (!next || next === tab || !(await confirmDiscardPlan(dirty))) return;
    setDirty(false);
    setTab(next);
  };
  return (
    <Stack gap="xs" data-testid="planning-page">
      <LiveUnavailableNotice refusal={liveRefusal} />
      <YardLayoutGate>
        {(layout, geometry) => (
          <Tabs value={tab} onChange={(value) => void changeTab(value)} keepMounted={false}>
            <Group justify="space-between" mb="xs">
              <Tabs.List>
                <Tabs.Tab value="plan" leftSection={<IconMapPin size={16} />} data-testid="planning-tab-plan">
                  Plan
                </Tabs.Tab>
                <Tabs.Tab value="edit" leftSection={<IconListDetails size={16} />} data-testid="planning-tab-edit">
                  Edit Plan
                </Tabs.Tab>
              </Tabs.List>
              <ReadOnlyBadge reason={access.readOnlyReason} testId="planning-read-only" />
            </Group>
            <Tabs.Panel value="plan">
              <PlanEditor plan={null} access={access} layout={layout} geometry={geometry} onDirtyChange={setDirty} />
            </Tabs.Panel>
            <Tabs.Panel value="edit">
              <EditPlanTab access={access} layout={layout} geometry={geometry} dirty={dirty} onDirtyChange={setDirty} />
            </Tabs.Panel>
          </Tabs>
        )}
      </YardLayoutGate>
    </Stack>
  );
}
