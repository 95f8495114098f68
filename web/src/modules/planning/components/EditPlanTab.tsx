import { useCallback, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { PAGE_SIZES, type Plan, type YardLayout } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { DataTable } from '../../../ui/DataTable';
import { queryListProps } from '../../../ui/queryListProps';
import type { YardGeometry } from '../../inventory/utils/yardGeometry';
import { usePlanColumns } from '../hooks/usePlanColumns';
import { usePlans } from '../hooks/usePlans';
import { confirmDiscardPlan } from '../utils/confirmDiscardPlan';
import { PlanEditor } from './PlanEditor';

// Edit Plan (spec 2 §2): the saved plans; one opened shows on the yard with its slots to change,
// save again or delete (spec 2 §8 confirmation). Leaving a plan with unsaved changes asks first.
export function EditPlanTab({
  access,
  layout,
  geometry,
  dirty,
  onDirtyChange,
}: {
  access: ScreenAccess;
  layout: YardLayout;
  geometry: YardGeometry;
  dirty: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const plans = usePlans();
  const [opened, setOpened] = useState<Plan | null>(null);
  const [page, setPage] = useState(1);
  const open = useCallback((plan: Plan) => setOpened(plan), []);
  const columns = usePlanColumns(timeZone, open);

  // The plans reloaded (a change here or elsewhere, announced on the topic `planning`): the plan
  // opened without unsaved changes shows as it is now, and closes when it is gone.
  const [seen, setSeen] = useState(plans.data);
  if (plans.data !== seen) {
    setSeen(plans.data);
    const fresh = opened && plans.data?.find((plan) => plan.id === opened.id);
    if (opened && plans.data && !dirty && fresh !== opened) setOpened(fresh ?? null);
  }

  if (opened)
    return (
      <PlanEditor
        key={opened.id}
        plan={opened}
        access={access}
        layout={layout}
        geometry={geometry}
        onDirtyChange={onDirtyChange}
        onSaved={setOpened}
        onDeleted={() => setOpened(null)}
        header={
          <Group gap="xs" justify="space-between">
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconArrowLeft size={14} />}
              onClick={() =>
                void confirmDiscardPlan(dirty).then((leave) => {
                  if (!leave) return;
                  onDirtyChange(false);
                  setOpened(null);
                })
              }
              data-testid="planning-back"
            >
              All plans
            </Button>
            <Text size="sm" fw={600} data-testid="planning-opened">
              {opened.name}
            </Text>
          </Group>
        }
      />
    );

  const rows = plans.data ?? [];
  return (
    <Stack gap="xs" maw={900}>
      <DataTable
        columns={columns}
        rows={rows.slice((page - 1) * PAGE_SIZES.planning, page * PAGE_SIZES.planning)}
        rowKey={(plan) => String(plan.id)}
        {...queryListProps(plans)}
        label="Plans"
        testId="planning-plans"
        emptyText="No plans saved yet"
        rowActions={{ open: { label: 'edit the plan', run: open } }}
        pagination={{ page, pageSize: PAGE_SIZES.planning, totalCount: rows.length, onPageChange: setPage }}
      />
    </Stack>
  );
}
