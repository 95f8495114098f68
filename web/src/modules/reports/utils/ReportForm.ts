import type { ReportKey } from '@openyard/contracts';

// What the reports screen's form holds: the report type, the yard days ('' when not chosen) and every
// filter of spec 2 §3 (ids with -1 for All, texts with 'All'); reportQueryOf sends the ones the
// chosen report takes. `loadedOnly` narrows the trailer report to its Loaded visits (loaded-trailer).
export interface ReportForm {
  key: ReportKey;
  from: string;
  to: string;
  processId: number;
  sizeId: number;
  areaId: number;
  liner: number;
  machineName: string;
  trailerType: string;
  gateInType: string;
  loadedOnly: boolean;
}
