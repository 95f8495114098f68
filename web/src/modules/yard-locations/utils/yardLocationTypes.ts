import type { YardLocationType } from '@openyard/contracts';

// How the two location types (spec 3 §9) read and show: a label beside every colour, so that the
// type never rests on colour alone.
export const YARD_LOCATION_TYPE_LABELS: Record<YardLocationType, string> = {
  YARD_ZONE: 'Yard zone',
  TASK_TO_LOCATION: 'Task "to" location',
};

export const YARD_LOCATION_TYPE_COLOURS: Record<YardLocationType, [number, number, number]> = {
  YARD_ZONE: [250, 176, 5],
  TASK_TO_LOCATION: [151, 117, 250],
};
