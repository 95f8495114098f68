import { IdListQuery, IdsDeleted } from '../../common';
import {
  MachineAllocationDayParams,
  MachineAllocationSave,
  MachineAllocationsDay,
  MachineAllocationsSaved,
} from '../../machine-allocations';
import { defineRoute } from '../route';

// Machine allocations (spec 3 §7 "GET /rest/machine-allocation/{day}; POST
// /rest/machine-allocation; DELETE with ids"). The allocation screen belongs to the machines menu
// (spec 3 §2 "machines (also active on allocations)"): reading needs machinesVisible; writing is
// the admins' (spec 2 §6 "Allocation: admin means superadmin or admin") with create/update rights
// on /allocations.
const read = { flag: 'machinesVisible' } as const;
const write = { flag: 'machinesVisible', roles: ['superadmin', 'admin'], write: true, screen: '/allocations' } as const;
const tags = ['machine-allocations'];

export const machineAllocations = {
  day: defineRoute({
    method: 'GET',
    path: '/rest/machine-allocation/:day',
    params: MachineAllocationDayParams,
    response: MachineAllocationsDay,
    access: read,
    tags,
  }),
  // One area's allocations, new and changed, in one transaction (spec 2 §5, §7).
  save: defineRoute({
    method: 'POST',
    path: '/rest/machine-allocation',
    body: MachineAllocationSave,
    response: MachineAllocationsSaved,
    access: write,
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/machine-allocation',
    query: IdListQuery,
    response: IdsDeleted,
    access: write,
    tags,
  }),
};
