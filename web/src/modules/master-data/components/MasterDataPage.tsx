import { useState } from 'react';
import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MASTER_LISTS, masterListOf, messages, routes, type MasterItem, type MasterListKey } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { ListActionsToolbar } from '../../../ui/ListActionsToolbar';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useMasterItemColumns } from '../hooks/useMasterItemColumns';
import { useMasterItems } from '../hooks/useMasterItems';
import { useMasterItemWrites } from '../hooks/useMasterItemWrites';
import { MasterItemFormModal } from './MasterItemFormModal';

// /master-data (issue 22): the lists the spec only reads, one tab each, kept by the administrators.
// One editor for every list, drawn from the list's description (MASTER_LISTS in contracts). A
// change reaches every screen that reads the list (topic `master-data`), and the yard grid's
// colours when a liner changes. The yard zones and task places are the polygons of /yard-locations.
export function MasterDataPage() {
  const access = useScreenAccess({ write: routes.masterData.createItem.access });
  const [list, setList] = useState<MasterListKey>('liner-infos');
  if (!access) return null;

  return (
    <Stack gap="sm">
      <Group gap="md">
        <Title order={3}>Master data</Title>
        <Text size="sm" c="dimmed">
          The lists the forms pick from. An item in use cannot be deleted.
        </Text>
        {/* The yard zones and task places are no list here: they are the polygons drawn there. */}
        <Text size="sm" c="dimmed" data-testid="master-data-yard-locations">
          Yard zones and task places are drawn on{' '}
          <Anchor component={Link} to="/yard-locations" size="sm">
            Yard Locations
          </Anchor>
          .
        </Text>
      </Group>
      <Tabs value={list} onChange={(value) => value && setList(value as MasterListKey)} keepMounted={false}>
        <Tabs.List>
          {MASTER_LISTS.map((description) => (
            <Tabs.Tab key={description.key} value={description.key} data-testid={`master-tab-${description.key}`}>
              {description.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <MasterList key={list} list={list} readOnlyReason={access.readOnlyReason} canWrite={access.canWrite} />
    </Stack>
  );
}

function MasterList({
  list,
  readOnlyReason,
  canWrite,
}: {
  list: MasterListKey;
  readOnlyReason: string | null;
  canWrite: boolean;
}) {
  const description = masterListOf(list);
  const items = useMasterItems(list);
  const columns = useMasterItemColumns(list);
  const { save, remove } = useMasterItemWrites(list);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ item: MasterItem | null } | null>(null);

  const rows = items.data ?? [];
  const selected = rows.find((item) => selectedKeys.includes(String(item.id))) ?? null;
  const deleteItem = async (item: MasterItem | null = selected) => {
    if (!item) return;
    const confirmed = await confirmDialog({
      title: `Delete ${description.noun.toLowerCase()}`,
      message: messages.confirmDeleteMasterItem(description.noun, item.name),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (confirmed) remove.mutate(item.id, { onSuccess: () => setSelectedKeys([]) });
  };

  return (
    <Stack gap="sm">
      <ListActionsToolbar
        testId="master-items"
        selectedCount={selected === null ? 0 : 1}
        readOnlyReason={readOnlyReason}
        onAdd={() => setEditing({ item: null })}
        onEdit={() => selected && setEditing({ item: selected })}
        onDelete={() => void deleteItem()}
        deleting={remove.isPending}
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(item) => String(item.id)}
        loading={items.isPending}
        error={items.error ? errorMessageOf(items.error) : null}
        onRetry={() => void items.refetch()}
        emptyText={`No ${description.label.toLowerCase()} yet`}
        selection={{ mode: 'single', selectedKeys, onChange: setSelectedKeys }}
        rowActions={
          canWrite
            ? {
                open: { label: 'edit', run: (item) => setEditing({ item }) },
                edit: (item) => setEditing({ item }),
                delete: (item) => void deleteItem(item),
              }
            : undefined
        }
        dense
        minWidth={500}
        label={description.label}
        testId="master-items-table"
      />
      {editing && <MasterItemFormModal list={list} item={editing.item} save={save} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
