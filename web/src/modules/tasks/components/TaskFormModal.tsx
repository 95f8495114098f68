import { useState } from 'react';
import { Tabs, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconContainer, IconListNumbers } from '@tabler/icons-react';
import type { Task } from '@openyard/contracts';
import { ENTERPRISE_ONLY } from '../../../app/utils/screenAccessOf';
import { AppModal } from '../../../ui/AppModal';
import { useMachinePlaces } from '../hooks/useMachinePlaces';
import { useTaskChoices } from '../hooks/useTaskChoices';
import type { SaveTasks } from '../hooks/useTaskForm';
import { draftOfTask } from '../utils/draftOfTask';
import { ADD_TASK_TABS, type AddTaskTabName } from '../utils/TasksTabName';
import { ContainerTaskForm } from './ContainerTaskForm';
import { FutureTaskForm } from './FutureTaskForm';
import { IgmTasksForm } from './IgmTasksForm';

// Add task (spec 3 §2: tabs Container, IGM:Item and Future, the last in the enterprise edition) or
// edit a pending task (its one form).
export function TaskFormModal({
  task,
  save,
  enterprise,
  onClose,
}: {
  task: Task | null;
  save: SaveTasks;
  enterprise: boolean;
  onClose: () => void;
}) {
  const choices = useTaskChoices();
  const { places } = useMachinePlaces();
  const [tab, setTab] = useState<AddTaskTabName>('container');
  const forms = { save, onClose, choices, machines: places };
  if (task)
    return (
      <AppModal opened onClose={onClose} title={`Edit task of ${task.containerNumber}`} size="lg" centered>
        <ContainerTaskForm {...forms} initial={draftOfTask(task)} />
      </AppModal>
    );
  return (
    <AppModal opened onClose={onClose} title="Add task" size={tab === 'igm' ? '95%' : 'lg'} centered>
      <Tabs
        value={tab}
        onChange={(value) => setTab(ADD_TASK_TABS.find((name) => name === value) ?? 'container')}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="container" leftSection={<IconContainer size={14} />} data-testid="add-task-tab-container">
            Container
          </Tabs.Tab>
          <Tabs.Tab value="igm" leftSection={<IconListNumbers size={14} />} data-testid="add-task-tab-igm">
            IGM:Item
          </Tabs.Tab>
          {enterprise ? (
            <Tabs.Tab value="future" leftSection={<IconCalendarPlus size={14} />} data-testid="add-task-tab-future">
              Future
            </Tabs.Tab>
          ) : (
            <Tooltip label={ENTERPRISE_ONLY}>
              <Tabs.Tab
                value="future"
                disabled
                leftSection={<IconCalendarPlus size={14} />}
                data-testid="add-task-tab-future"
              >
                Future
              </Tabs.Tab>
            </Tooltip>
          )}
        </Tabs.List>
        <Tabs.Panel value="container">
          <ContainerTaskForm {...forms} />
        </Tabs.Panel>
        <Tabs.Panel value="igm">
          <IgmTasksForm {...forms} />
        </Tabs.Panel>
        <Tabs.Panel value="future">
          <FutureTaskForm {...forms} />
        </Tabs.Panel>
      </Tabs>
    </AppModal>
  );
}
