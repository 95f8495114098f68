import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { ITV_TASK_SORT_FIELDS, messages, type ItvTask, type ItvTaskSortField } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import type { ListSort } from '../../../ui/ListSort';
import { notifyError } from '../../../ui/notifyError';
import { WriteGuard } from '../../../ui/WriteGuard';
import { useItvTaskColumns } from '../hooks/useItvTaskColumns';
import { useItvTasks } from '../hooks/useItvTasks';
import { useItvTaskWrites } from '../hooks/useItvTaskWrites';
import { ALL_ROWS, taskListQueryOf } from '../utils/taskListQueryOf';
import { ItvTaskFormModal } from './ItvTaskFormModal';
import { TasksToolbar } from './TasksToolbar';
import { queryListProps } from '../../../ui/queryListProps';

const DEFAULT_SORT: ListSort<ItvTaskSortField> = { sortBy: 'generationDate', sortOrder: 'desc' };

// The ITV Tasks tab (spec 3 §2): the ITV tasks with search, paging, include completed and sort,
// kept live; add, edit and delete through the ITV task modal.
export function ItvTasksTab({ access, yardPageSize }: { access: ScreenAccess; yardPageSize: number }) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(yardPageSize);
  const [searchTexts, setSearchTexts] = useState<string[]>([]);
  const [includeCompleted, setIncludeCompleted] = useState(false);
  const [sort, setSort] = useState<ListSort<ItvTaskSortField>>(DEFAULT_SORT);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ task: ItvTask | null } | null>(null);
  const { itvTasks, liveRefusal } = useItvTasks(
    taskListQueryOf({ page, pageSize, searchTexts, includeCompleted, sort }),
  );
  const writes = useItvTaskWrites();
  const columns = useItvTaskColumns(timeZone);
  const rows = itvTasks.data?.itvTasks ?? [];
  const totalCount = itvTasks.data?.totalCount ?? 0;
  const selected = rows.filter((task) => selectedKeys.includes(String(task.taskId)));
  const { readOnlyReason, canWrite } = access;

  const changeView = (apply: () => void) => {
    apply();
    setPage(1);
    setSelectedKeys([]);
  };
  const editOne = (task = selected.length === 1 ? selected[0] : undefined) => {
    if (task) setEditing({ task });
    else notifyError(messages.selectOneRow);
  };
  const remove = async (tasks: ItvTask[]) => {
    if (!tasks.length) return notifyError(messages.selectTasks);
    const confirmed = await confirmDialog({
      title: 'Delete ITV tasks',
      message: messages.confirmDeleteItvTasks(tasks.length),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (confirmed)
      writes.remove.mutate(
        tasks.map((task) => task.taskId),
        { onSuccess: () => setSelectedKeys([]) },
      );
  };

  return (
    <Stack gap="sm">
      <LiveUnavailableNotice refusal={liveRefusal} />
      <TasksToolbar
        testId="itv-tasks"
        searchTexts={searchTexts}
        onSearch={(texts) => changeView(() => setSearchTexts(texts))}
        searchPlaceholder="Search container, trailer, type, location (Enter adds a text)"
        includeCompleted={includeCompleted}
        onIncludeCompleted={(include) => changeView(() => setIncludeCompleted(include))}
        pageSize={pageSize}
        yardPageSize={yardPageSize}
        onPageSize={(size) => changeView(() => setPageSize(size))}
        readOnlyReason={readOnlyReason}
        reloading={itvTasks.isFetching}
        onReload={() => void itvTasks.refetch()}
      >
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ task: null })}
            data-testid="itv-tasks-add"
          >
            Add ITV task
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={() => editOne()}
            data-testid="itv-tasks-edit"
          >
            Edit
          </Button>
        </WriteGuard>
        <WriteGuard reason={readOnlyReason}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={14} />}
            loading={writes.remove.isPending}
            onClick={() => void remove(selected)}
            data-testid="itv-tasks-delete"
          >
            Delete
          </Button>
        </WriteGuard>
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
          columns: ITV_TASK_SORT_FIELDS,
          value: sort,
          onChange: (next) => {
            const field = ITV_TASK_SORT_FIELDS.find((name) => name === next?.sortBy);
            changeView(() => setSort(next && field ? { sortBy: field, sortOrder: next.sortOrder } : DEFAULT_SORT));
          },
        }}
        {...queryListProps(itvTasks)}
        emptyText={searchTexts.length ? 'No ITV tasks match this search' : 'No ITV tasks'}
        selection={{ mode: 'multi', selectedKeys, onChange: setSelectedKeys }}
        rowActions={
          canWrite
            ? {
                open: { label: 'edit', run: (task) => editOne(task) },
                edit: (task) => editOne(task),
                delete: (task) => void remove([task]),
              }
            : undefined
        }
        dense
        minWidth={1000}
        label="ITV tasks"
        testId="itv-tasks-table"
      />
      {editing && <ItvTaskFormModal task={editing.task} save={writes.save} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
