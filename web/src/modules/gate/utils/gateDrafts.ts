import type { OffloadingMode } from '@openyard/contracts';

// What the clerk typed (or a reader filled) in the gate forms, kept as text until it is sent.

export interface ContainerDraft {
  tagId: string;
  containerNumber: string;
  gateInPurpose: string;
  containerSize: string;
  containerType: string;
  igm: string;
  item: string;
  containerLocation: string;
}

// An export container leaving on the truck that brought the boxes in (spec 1 §3 outContainers),
// with its generated task and, when planning is on, its activity.
export interface OutContainerDraft {
  containerNumber: string;
  taskType: string;
  deliveryMode: string;
  activityGroup: string;
  activity: string;
}

export interface OffloadingDraft {
  mode: OffloadingMode;
  container1: ContainerDraft;
  container2: ContainerDraft;
  trailerTag: string;
  trailerNumber: string;
  outContainers: OutContainerDraft[];
}

export interface TrailerDraft {
  gateInType: string;
  trailerType: string;
  trailerTag: string;
  trailerNumber: string;
  containerNumbers: string;
  // The CHA whose vehicle this is (its id, '' for none): the gate-in counts against its
  // allocation for the gate-in type (issue 20).
  chaId: string;
}

export interface RetagDraft {
  containerNumber: string;
  oldTag: string;
  newTag: string;
}

export interface DispatchDraft {
  containerNumber: string;
  containerSize: string;
  exitProcess: string;
  exitTag: string;
  exitTrailerTag: string;
  trailerNumber: string;
  // datetime-local text in the yard's time; empty means now.
  dispatchTime: string;
}

export const emptyContainer = (): ContainerDraft => ({
  tagId: '',
  containerNumber: '',
  gateInPurpose: '',
  containerSize: '',
  containerType: '',
  igm: '',
  item: '',
  containerLocation: '',
});

export const emptyOutContainer = (): OutContainerDraft => ({
  containerNumber: '',
  taskType: '',
  deliveryMode: '',
  activityGroup: '',
  activity: '',
});

export const emptyOffloading = (mode: OffloadingMode): OffloadingDraft => ({
  mode,
  container1: emptyContainer(),
  container2: emptyContainer(),
  trailerTag: '',
  trailerNumber: '',
  outContainers: [],
});

export const emptyTrailer = (): TrailerDraft => ({
  gateInType: '',
  trailerType: '',
  trailerTag: '',
  trailerNumber: '',
  containerNumbers: '',
  chaId: '',
});

export const emptyRetag = (): RetagDraft => ({ containerNumber: '', oldTag: '', newTag: '' });

export const emptyDispatch = (): DispatchDraft => ({
  containerNumber: '',
  containerSize: '',
  exitProcess: '',
  exitTag: '',
  exitTrailerTag: '',
  trailerNumber: '',
  dispatchTime: '',
});
