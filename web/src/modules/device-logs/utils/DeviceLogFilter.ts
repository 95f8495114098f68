import type { DEVICE_LOG_FILTERS } from '@openyard/contracts';

export type DeviceLogFilter = (typeof DEVICE_LOG_FILTERS)[number];
