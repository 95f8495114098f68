import { useMemo, useState } from 'react';
import { Modal, Stack } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { CONTAINER_SORT_FIELDS, type ContainerSortField } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { DataTable } from '../../../ui/DataTable';
import { ExportDialog } from '../../../ui/ExportDialog';
import type { ListSort } from '../../../ui/ListSort';
import { StatusLinkSlip } from '../../kiosk/components/StatusLinkSlip';
import { useContainerActions } from '../hooks/useContainerActions';
import { useContainerColumns } from '../hooks/useContainerColumns';
import { useContainers } from '../hooks/useContainers';
import { useExportContainers } from '../hooks/useExportContainers';
import { useYardLayout } from '../hooks/useYardLayout';
import type { ContainerSearch } from '../utils/ContainerSearch';
import type { ContainersScope } from '../utils/ContainersScope';
import { maxYardSelection } from '../utils/maxYardSelection';
import { ContainerEditModal } from './ContainerEditModal';
import { ContainersToolbar } from './ContainersToolbar';
import { LocationUpdateBar } from './LocationUpdateBar';
import { MovementsModal } from './MovementsModal';
import { SurveyMailModal } from './SurveyMailModal';
import { YardMapModal } from './YardMapModal';
import { queryListProps } from '../../../ui/queryListProps';

// One tab of a scope: a search's paged containers with the screen's actions (spec 1 §2). The
// reference list of the screen kit: data from a query hook (useContainers), what the user can do
// from an actions hook (useContainerActions), columns from useContainerColumns, write actions
// behind WriteGuard, and the table's one loading/error/empty state.
export function ContainersList({
  scope,
  search,
  page,
  pageSize,
  onPageChange,
  access,
}: {
  scope: ContainersScope;
  search: ContainerSearch;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  access: ScreenAccess;
}) {
  const metadata = useAtomValue(metadataState);
  const slotOptions = { slotFormat: metadata?.slotFormat, startHeight: metadata?.startHeight ?? 1 };
  // The columns sort every page on the server (their ids are the call's sortBy names).
  const [sort, setSort] = useState<ListSort<ContainerSortField> | null>(null);
  const containers = useContainers(scope, search, page, pageSize, sort);
  const layout = useYardLayout();
  const exportContainers = useExportContainers(scope, search, sort);
  const rows = useMemo(() => containers.data?.entities ?? [], [containers.data]);
  const totalCount = containers.data?.totalCount ?? 0;
  const actions = useContainerActions({ rows, page, onPageChange, slotOptions });
  const columns = useContainerColumns({
    scope,
    timeZone: metadata?.timeZone,
    drafts: actions.drafts,
    layout: layout.data,
    onDraftChange: actions.changeDraft,
  });
  const { canWrite, readOnlyReason } = access;

  const changeSort = (next: ListSort | null) => {
    const field = CONTAINER_SORT_FIELDS.find((name) => name === next?.sortBy);
    setSort(next && field ? { sortBy: field, sortOrder: next.sortOrder } : null);
    actions.changePage(1);
  };

  return (
    <Stack gap="sm">
      {actions.drafts ? (
        <LocationUpdateBar
          scope={scope}
          count={actions.drafts.size}
          startHeight={slotOptions.startHeight}
          saving={actions.savingLocations}
          onCancel={actions.cancelLocationUpdate}
          onSave={actions.saveLocations}
        />
      ) : (
        <ContainersToolbar
          scope={scope}
          actions={actions}
          readOnlyReason={readOnlyReason}
          reloading={containers.isFetching}
          onReload={() => void containers.refetch()}
        />
      )}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(container) => String(container.id)}
        pagination={{ page, pageSize, totalCount, onPageChange: actions.changePage }}
        serverSort={{ columns: CONTAINER_SORT_FIELDS, value: sort, onChange: changeSort }}
        {...queryListProps(containers)}
        emptyText={search.texts.length ? 'No containers match this search' : 'No containers in this period'}
        selection={
          scope === 'yard'
            ? {
                mode: 'multi',
                max: maxYardSelection,
                selectedKeys: actions.selectedKeys,
                onChange: actions.setSelectedKeys,
              }
            : { mode: 'multi', selectedKeys: actions.selectedKeys, onChange: actions.setSelectedKeys }
        }
        rowActions={
          actions.drafts
            ? undefined
            : {
                // Without create/update rights a row opens its movements, which anyone here may see.
                open: canWrite
                  ? { label: 'edit', run: actions.edit }
                  : { label: 'movements', run: actions.showMovements },
                edit: canWrite ? actions.edit : undefined,
                delete: canWrite ? (container) => void actions.deleteOne(container) : undefined,
              }
        }
        dense
        minWidth={1150}
        label={scope === 'yard' ? 'Containers in the yard' : 'All containers'}
        testId={`containers-table-${scope}`}
      />
      {actions.editing && <ContainerEditModal container={actions.editing} onClose={actions.closeEdit} />}
      {actions.movementsOf && <MovementsModal containerNumber={actions.movementsOf} onClose={actions.closeMovements} />}
      {actions.mapOf && <YardMapModal containerNumbers={actions.mapOf} onClose={actions.closeMap} />}
      {actions.surveysOf && <SurveyMailModal containers={actions.surveysOf} onClose={actions.closeSurveys} />}
      {actions.statusLinkOf && (
        <Modal
          opened
          onClose={actions.closeStatusLink}
          title="Status link"
          size="lg"
          data-testid="containers-status-link"
        >
          <StatusLinkSlip
            containerId={actions.statusLinkOf.id}
            containerNumber={actions.statusLinkOf.containerNumber}
          />
        </Modal>
      )}
      <ExportDialog
        opened={actions.exportOpened}
        onClose={actions.closeExport}
        title="Export report"
        currentPage={page}
        pageSize={pageSize}
        totalCount={totalCount}
        onExport={(range) => exportContainers.mutateAsync(range)}
      />
    </Stack>
  );
}
