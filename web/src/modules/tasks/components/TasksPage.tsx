import { useState } from 'react';
import { Group, Stack, Tabs } from '@mantine/core';
import { IconListCheck, IconTruck } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { metadataState } from '../../../app/states/metadataState';
import { tasksPageSizeOf } from '../utils/tasksPageSizeOf';
import { TASKS_TABS, type TasksTabName } from '../utils/TasksTabName';
import { ItvTasksTab } from './ItvTasksTab';
import { TaskScreensNav } from './TaskScreensNav';
import { TasksTab } from './TasksTab';
import { YardExceptionsPanel } from './YardExceptionsPanel';

// /tasks: tabs Tasks and ITV Tasks (spec 3 §2), with the control room's yard exceptions above them.
// Admin, operator and superadmin count as admin here (spec 3 §6, the catalogue's write access); the
// lists page by the yard's paginationItemsPerPage (spec 3 §9).
export function TasksPage() {
  const access = useScreenAccess({ write: routes.tasks.save.access });
  const yardPageSize = tasksPageSizeOf(useAtomValue(metadataState));
  const [tab, setTab] = useState<TasksTabName>('tasks');
  if (!access) return null;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <TaskScreensNav />
      </Group>
      <YardExceptionsPanel readOnlyReason={access.readOnlyReason} />
      <Tabs
        value={tab}
        onChange={(value) => setTab(TASKS_TABS.find((name) => name === value) ?? 'tasks')}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="tasks" leftSection={<IconListCheck size={16} />} data-testid="tasks-tab-tasks">
            Tasks
          </Tabs.Tab>
          <Tabs.Tab value="itvTasks" leftSection={<IconTruck size={16} />} data-testid="tasks-tab-itv">
            ITV Tasks
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tasks">
          <TasksTab access={access} yardPageSize={yardPageSize} />
        </Tabs.Panel>
        <Tabs.Panel value="itvTasks">
          <ItvTasksTab access={access} yardPageSize={yardPageSize} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
