import { IdListQuery, IdsDeleted } from '../../common';
import { MachineShiftInput, MachineShifts, MachineShiftSaved } from '../../machine-shifts';
import { defineRoute } from '../route';

// Machine shifts (spec 3 §7 "/rest/enterprise/shifts (GET, POST, PUT, DELETE with ids)"). They are
// part of the machines screens (menu flag machinesVisible); writing them is the admins' (spec 2 §6
// "Machine shifts: admin means superadmin or admin") with create/update rights on /shifts.
// The list is also the task dashboard's shift picker (spec 3 §2 "by period or by shift"), which
// opens for whoever sees Tasks.
const list = { flag: ['machinesVisible', 'tasksVisible'] } as const;
const write = { flag: 'machinesVisible', roles: ['superadmin', 'admin'], write: true, screen: '/shifts' } as const;
const tags = ['shifts'];

export const machineShifts = {
  // The shifts as a master-data list (spec 3 §7 "Master data (GET) … shifts"): the pickers of other
  // screens read them, so any signed-in user may, like the other master-data lists.
  masterList: defineRoute({
    method: 'GET',
    path: '/rest/shifts',
    response: MachineShifts,
    access: {},
    tags: ['master data'],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/shifts',
    response: MachineShifts,
    access: list,
    tags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/shifts',
    body: MachineShiftInput,
    response: MachineShiftSaved,
    access: write,
    tags,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/shifts',
    body: MachineShiftInput,
    response: MachineShiftSaved,
    access: write,
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/shifts',
    query: IdListQuery,
    response: IdsDeleted,
    access: write,
    tags,
  }),
};
