import { useState } from 'react';
import { locationUpdateItems, messages, parseSlotName, type Container, type LocationDraft } from '@openyard/contracts';
import { confirmDialog } from '../../../ui/confirmDialog';
import { notifyAlert } from '../../../ui/notifyAlert';
import { notifyError } from '../../../ui/notifyError';
import { maxYardSelection } from '../utils/maxYardSelection';
import { useDeleteContainer } from './useDeleteContainer';
import { useUpdateLocations } from './useUpdateLocations';
import { useUpdateMovementAlert } from './useUpdateMovementAlert';

const SELECT_TO_MOVE = 'Select the containers to move first';
const SELECT_FOR_MAP = 'Select up to 10 containers to show on the map';
const SELECT_FOR_SURVEYS = 'Select the containers whose surveys to mail';
const LINK_OF_DISPATCHED = 'A dispatched container has no status link';

function draftOf(container: Container, slotFormat: string | undefined): LocationDraft {
  const parts = container.location ? parseSlotName(container.location, slotFormat) : null;
  return {
    containerId: container.id,
    number: container.containerNumber,
    previousLocation: container.location,
    area: parts?.area ?? null,
    row: parts?.row ?? null,
    column: parts?.column ?? null,
    height: parts?.height ?? null,
  };
}

// What the containers list can do with its rows (spec 1 §2): the selection, the dialogs it opens
// (edit, movements, map, export), delete, the movement alert and the inline location update. The
// writes notify by themselves (useNotifyingMutation); this adds the checks and what follows.
export function useContainerActions({
  rows,
  page,
  onPageChange,
  slotOptions,
}: {
  rows: readonly Container[];
  page: number;
  onPageChange: (page: number) => void;
  slotOptions: { slotFormat: string | undefined; startHeight: number };
}) {
  const deleteContainer = useDeleteContainer();
  const movementAlert = useUpdateMovementAlert();
  const updateLocations = useUpdateLocations();
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [editing, setEditing] = useState<Container | null>(null);
  const [movementsOf, setMovementsOf] = useState<string | null>(null);
  const [mapOf, setMapOf] = useState<string[] | null>(null);
  const [exportOpened, setExportOpened] = useState(false);
  const [surveysOf, setSurveysOf] = useState<Container[] | null>(null);
  const [statusLinkOf, setStatusLinkOf] = useState<Container | null>(null);
  // The rows whose location is being edited inline, by container id; null when not editing.
  const [drafts, setDrafts] = useState<Map<number, LocationDraft> | null>(null);

  const selected = rows.filter((container) => selectedKeys.includes(String(container.id)));

  const changePage = (next: number) => {
    setSelectedKeys([]);
    setDrafts(null);
    onPageChange(next);
  };

  const selectedOne = (): Container | null => {
    const [first] = selected;
    if (selected.length !== 1 || !first) {
      notifyError(messages.selectOneRow);
      return null;
    }
    return first;
  };

  const deleteOne = async (container: Container) => {
    const confirmed = await confirmDialog({
      title: `Delete container ${container.containerNumber}`,
      message: messages.confirmDeleteContainer,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    deleteContainer.mutate(container.id, {
      onSuccess: () => {
        setSelectedKeys([]);
        if (rows.length === 1 && page > 1) onPageChange(page - 1);
      },
    });
  };

  const setMovementAlert = (on: boolean) => {
    if (!selected.length) {
      notifyError(messages.selectOneRow);
      return;
    }
    movementAlert.mutate({ containerIds: selected.map((container) => container.id), movementAlert: on });
  };

  const startLocationUpdate = () => {
    const movable = selected.filter((container) => !container.dispatched);
    if (!movable.length) {
      notifyError(SELECT_TO_MOVE);
      return;
    }
    setDrafts(new Map(movable.map((container) => [container.id, draftOf(container, slotOptions.slotFormat)])));
  };

  const changeDraft = (containerId: number, draft: LocationDraft) =>
    setDrafts((current) => new Map(current).set(containerId, draft));

  const saveLocations = () => {
    if (!drafts) return;
    const result = locationUpdateItems([...drafts.values()], slotOptions);
    if (!result.ok) {
      notifyError(result.error);
      return;
    }
    updateLocations.mutate(result.items, { onSuccess: () => setDrafts(null) });
  };

  const showOnMap = () => {
    if (!selected.length) {
      notifyError(SELECT_FOR_MAP);
      return;
    }
    if (selected.every((container) => container.location === null)) {
      notifyAlert(messages.locationNotAvailable);
      return;
    }
    setMapOf(selected.slice(0, maxYardSelection).map((container) => container.containerNumber));
  };

  return {
    selected,
    selectedKeys,
    setSelectedKeys,
    changePage,
    editing,
    edit: setEditing,
    editSelected: () => {
      const container = selectedOne();
      if (container) setEditing(container);
    },
    closeEdit: () => setEditing(null),
    movementsOf,
    showMovements: (container: Container) => setMovementsOf(container.containerNumber),
    movementsOfSelected: () => {
      const container = selectedOne();
      if (container) setMovementsOf(container.containerNumber);
    },
    closeMovements: () => setMovementsOf(null),
    mapOf,
    showOnMap,
    closeMap: () => setMapOf(null),
    exportOpened,
    openExport: () => setExportOpened(true),
    // Surveys by mail (spec 1 §2): the selected containers' visits, offered in the mail dialog.
    surveysOf,
    mailSurveys: () => {
      if (!selected.length) notifyError(SELECT_FOR_SURVEYS);
      else setSurveysOf(selected);
    },
    closeSurveys: () => setSurveysOf(null),
    // A visit's status link (issue 21): its QR code to print again, or to revoke when a slip is lost.
    statusLinkOf,
    showStatusLink: () => {
      const container = selectedOne();
      if (!container) return;
      if (container.dispatched) notifyError(LINK_OF_DISPATCHED);
      else setStatusLinkOf(container);
    },
    closeStatusLink: () => setStatusLinkOf(null),
    closeExport: () => setExportOpened(false),
    deleteOne,
    deleteSelected: () => {
      const container = selectedOne();
      if (container) void deleteOne(container);
    },
    deleting: deleteContainer.isPending,
    setMovementAlert,
    settingMovementAlert: movementAlert.isPending,
    drafts,
    startLocationUpdate,
    changeDraft,
    cancelLocationUpdate: () => setDrafts(null),
    saveLocations,
    savingLocations: updateLocations.isPending,
  };
}

export type ContainerActions = ReturnType<typeof useContainerActions>;
