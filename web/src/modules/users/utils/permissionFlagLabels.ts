import type { PermissionFlag } from '@openyard/contracts';

// Column headings of the role-permission matrix, named after the menu entries they control.
export const permissionFlagLabels: Record<PermissionFlag, string> = {
  dashboardVisible: 'Dashboard',
  tasksVisible: 'Tasks',
  inventoryVisible: 'Inventory',
  containersVisible: 'Containers',
  planningVisible: 'Planning',
  machinesVisible: 'Machines',
  trailersVisible: 'Trailers',
  itvVisible: 'ITV',
  gateVisible: 'Gate',
  usersVisible: 'Users',
  reportsVisible: 'Reports',
  deviceLogsVisible: 'Device Logs',
  chaVehiclesVisible: 'CHA Vehicles',
  crudEnabled: 'Create / Update',
};
