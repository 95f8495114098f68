import { BulkLocationModel, SlotsModel, SplitAreaModel, YardOperationResult } from '../../inventory';
import { YardLayout } from '../../yard';
import { defineRoute } from '../route';

// The inventory's admin menu is the superadmin's (spec 2 §6).
const admin = { roles: ['superadmin'], write: true, screen: '/inventory' } as const;
const tags = ['yard'];

export const yard = {
  // Public: the web loads it before login (spec 1 §2) and the public kiosk maps draw it.
  layout: defineRoute({
    method: 'GET',
    path: '/rest/yard/layout',
    response: YardLayout,
    access: { public: true },
    tags,
  }),
  mergeSlots: defineRoute({
    method: 'POST',
    path: '/rest/yard/merge-slots',
    body: SlotsModel,
    response: YardOperationResult,
    access: admin,
    tags,
  }),
  splitSlots: defineRoute({
    method: 'POST',
    path: '/rest/yard/split-slots',
    body: SlotsModel,
    response: YardOperationResult,
    access: admin,
    tags,
  }),
  splitArea: defineRoute({
    method: 'POST',
    path: '/rest/yard/split-area',
    body: SplitAreaModel,
    response: YardOperationResult,
    access: admin,
    tags,
  }),
  bulkLocation: defineRoute({
    method: 'POST',
    path: '/rest/yard/bulk-location',
    body: BulkLocationModel,
    response: YardOperationResult,
    access: admin,
    tags,
  }),
};
