// Device logs page size (spec 1 §9).
export const deviceLogsPageSize = 100;
