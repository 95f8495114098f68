import {
  ACTIVITY_GROUPS,
  ALL_MACHINES,
  DEFAULT_PLANNING_TASK,
  TRAILER_LOCATION,
  type GateInContainer,
  type GateInForm,
} from '@openyard/contracts';
import type { ContainerDraft, OffloadingDraft } from './gateDrafts';

const text = (value: string) => (value.trim() === '' ? undefined : value.trim());

function containerOf(draft: ContainerDraft): GateInContainer {
  return {
    tagId: text(draft.tagId),
    containerNumber: text(draft.containerNumber.toUpperCase()),
    gateInPurpose: text(draft.gateInPurpose),
    containerSize: text(draft.containerSize),
    containerType: text(draft.containerType),
    igm: text(draft.igm),
    item: text(draft.item),
    containerLocation: text(draft.containerLocation),
    activityGroup: ACTIVITY_GROUPS.container,
  };
}

// The gate-in request of the offloading form (spec 1 §3 gate-in form): export-out containers go
// out on the same truck with their loading task; with planning on, each box gets planning's
// default task (Offloading, Loaded) for the clerk to print.
export function gateInFormOf(
  draft: OffloadingDraft,
  options: {
    requestId: string;
    gateId: number;
    planning: boolean;
    skipValidation?: boolean;
    allowExpiredTag?: boolean;
  },
): GateInForm {
  const containers = draft.mode === 'double' ? [draft.container1, draft.container2] : [draft.container1];
  const outs = draft.outContainers.filter((out) => out.containerNumber.trim() !== '');
  return {
    requestId: options.requestId,
    gateId: options.gateId,
    mode: draft.mode,
    container1Data: containerOf(draft.container1),
    container2Data: draft.mode === 'double' ? containerOf(draft.container2) : undefined,
    trailerTag1: text(draft.trailerTag),
    trailerNumber: text(draft.trailerNumber),
    skipValidation: options.skipValidation,
    allowExpiredTag: options.allowExpiredTag,
    gateOutWithExportContainer: outs.length > 0,
    outContainers: outs.map((out) => out.containerNumber.trim().toUpperCase()),
    outTrailerTag: outs.length > 0 ? text(draft.trailerTag) : undefined,
    outContainerDetails: outs.map((out) => ({
      containerNumber: out.containerNumber.trim().toUpperCase(),
      activityGroup: text(out.activityGroup),
      activity: text(out.activity),
    })),
    gateInTasks: outs.map((out) => ({
      containerNumber: out.containerNumber.trim().toUpperCase(),
      taskType: out.taskType,
      deliveryMode: out.deliveryMode,
      toLocation: TRAILER_LOCATION,
      assignedToMachine: ALL_MACHINES,
    })),
    planningGeneratedTasks: options.planning
      ? containers.map((container) => ({
          containerNumber: container.containerNumber.trim().toUpperCase(),
          ...DEFAULT_PLANNING_TASK,
          fromLocation: TRAILER_LOCATION,
          toLocation: text(container.containerLocation) ?? null,
          assignedToMachine: ALL_MACHINES,
        }))
      : undefined,
  };
}
