import { useState } from 'react';
import { Button, Menu, Stack } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCheck,
  IconDeviceMobile,
  IconFileExport,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { TASK_SORT_FIELDS, type TaskSortField } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { DataTable } from '../../../ui/DataTable';
import type { ListSort } from '../../../ui/ListSort';
import { WriteGuard } from '../../../ui/WriteGuard';
import { UploadResultsModal } from '../../trailers/components/UploadResultsModal';
import { UploadSheetButton } from '../../trailers/components/UploadSheetButton';
import { useMachinePlaces } from '../hooks/useMachinePlaces';
import { useTaskColumns } from '../hooks/useTaskColumns';
import { useTasks } from '../hooks/useTasks';
import { useTasksActions } from '../hooks/useTasksActions';
import { ALL_ROWS, taskListQueryOf } from '../utils/taskListQueryOf';
import { terminalPath } from '../utils/terminalPath';
import { TaskFormModal } from './TaskFormModal';
import { TaskReportModal } from './TaskReportModal';
import { TasksToolbar } from './TasksToolbar';
import { TransferTasksModal } from './TransferTasksModal';
import { queryListProps } from '../../../ui/queryListProps';

// Spec 3 §9: the tasks sort by generateDate descending unless another column is chosen.
const DEFAULT_SORT: ListSort<TaskSortField> = { sortBy: 'generateDate', sortOrder: 'desc' };

// The Tasks tab (spec 3 §2): the list with search, paging, include completed and sort, kept live;
// add (Container, IGM:Item, Future), edit, complete, delete, move to another machine, the tasks
// sheet's upload and the task report; and a way to a machine's terminal.
export function TasksTab({ access, yardPageSize }: { access: ScreenAccess; yardPageSize: number }) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(yardPageSize);
  const [searchTexts, setSearchTexts] = useState<string[]>([]);
  const [includeCompleted, setIncludeCompleted] = useState(false);
  const [sort, setSort] = useState<ListSort<TaskSortField>>(DEFAULT_SORT);
  const query = taskListQueryOf({ page, pageSize, searchTexts, includeCompleted, sort });
  const { tasks, liveRefusal } = useTasks(query);
  const rows = tasks.data?.tasks ?? [];
  const totalCount = tasks.data?.totalCount ?? 0;
  const actions = useTasksActions(access, rows);
  const columns = useTaskColumns(timeZone);
  const { places } = useMachinePlaces();
  const { readOnlyReason, canWrite } = access;

  const changeView = (apply: () => void) => {
    apply();
    setPage(1);
    actions.selection.clear();
  };

  return (
    <Stack gap="sm">
      <LiveUnavailableNotice refusal={liveRefusal} />
      <TasksToolbar
        testId="tasks"
        searchTexts={searchTexts}
        onSearch={(texts) => changeView(() => setSearchTexts(texts))}
        searchPlaceholder="Search container, type, location, machine (Enter adds a text)"
        includeCompleted={includeCompleted}
        onIncludeCompleted={(include) => changeView(() => setIncludeCompleted(include))}
        pageSize={pageSize}
        yardPageSize={yardPageSize}
        onPageSize={(size) => changeView(() => setPageSize(size))}
        readOnlyReason={readOnlyReason}
        reloading={tasks.isFetching}
        onReload={() => void tasks.refetch()}
      >
        <WriteGuard reason={readOnlyReason}>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={actions.add} data-testid="tasks-add">
            Add task
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={actions.editSelected}
            data-testid="tasks-edit"
          >
            Edit
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCheck size={14} />}
            onClick={actions.complete}
            loading={actions.writes.complete.isPending}
            data-testid="tasks-complete"
          >
            Complete
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowsExchange size={14} />}
            onClick={actions.transfer}
            data-testid="tasks-transfer"
          >
            Move to machine
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={14} />}
            onClick={() => actions.remove()}
            loading={actions.writes.remove.isPending}
            data-testid="tasks-delete"
          >
            Delete
          </Button>
        </WriteGuard>
        <UploadSheetButton
          readOnlyReason={readOnlyReason}
          uploading={actions.writes.upload.isPending}
          onFile={actions.upload}
          testId="tasks-upload"
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileExport size={14} />}
          onClick={actions.report}
          data-testid="tasks-report"
        >
          Task report
        </Button>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconDeviceMobile size={14} />}
              disabled={!places.length}
              data-testid="tasks-terminal"
            >
              Machine terminal
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {places.map((place) => (
              <Menu.Item key={place.machineId} onClick={() => void navigate(terminalPath(place.machineName))}>
                {place.machineName}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </TasksToolbar>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(task) => String(task.taskId)}
        pagination={
          pageSize === ALL_ROWS
            ? undefined
            : { page, pageSize, totalCount, onPageChange: (next) => changeView(() => setPage(next)) }
        }
        serverSort={{
          columns: TASK_SORT_FIELDS,
          value: sort,
          onChange: (next) => {
            const field = TASK_SORT_FIELDS.find((name) => name === next?.sortBy);
            changeView(() => setSort(next && field ? { sortBy: field, sortOrder: next.sortOrder } : DEFAULT_SORT));
          },
        }}
        {...queryListProps(tasks)}
        emptyText={searchTexts.length ? 'No tasks match this search' : includeCompleted ? 'No tasks' : 'No open tasks'}
        selection={{
          mode: 'multi',
          selectedKeys: actions.selection.selectedKeys,
          onChange: actions.selection.setSelectedKeys,
        }}
        rowActions={
          canWrite
            ? { open: { label: 'edit', run: actions.edit }, edit: actions.edit, delete: (task) => actions.remove(task) }
            : undefined
        }
        dense
        minWidth={1200}
        label="Tasks"
        testId="tasks-table"
      />
      {actions.editing && (
        <TaskFormModal
          task={actions.editing.task}
          save={actions.writes.save}
          enterprise={access.enterprise}
          onClose={actions.closeEditing}
        />
      )}
      {actions.transferring && (
        <TransferTasksModal
          tasks={actions.transferring}
          transfer={actions.writes.transfer}
          problemOf={actions.transferProblemOf}
          onClose={() => {
            actions.closeTransfer();
            actions.selection.clear();
          }}
        />
      )}
      {actions.reporting && <TaskReportModal report={actions.writes.report} onClose={actions.closeReport} />}
      {actions.uploaded && (
        <UploadResultsModal title="Tasks upload" result={actions.uploaded} onClose={actions.closeUploaded} />
      )}
    </Stack>
  );
}
