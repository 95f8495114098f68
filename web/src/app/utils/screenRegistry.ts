import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { KIOSK_PATHS, MOBILE_SEARCH_PATHS, STATUS_LINK_PATH, WALL_PATH } from '@openyard/contracts';
import { TERMINAL_ROUTE } from '../../modules/tasks/utils/terminalPath';
import {
  IconAccessPoint,
  IconBuildingWarehouse,
  IconChartBar,
  IconClockHour4,
  IconContainer,
  IconDatabase,
  IconFileCertificate,
  IconForklift,
  IconTractor,
  IconTruckDelivery,
  IconTruckLoading,
  IconListDetails,
  IconCalendarEvent,
  IconLayoutGridAdd,
  IconListCheck,
  IconMapPin,
  IconPolygon,
  IconDeviceMobile,
  IconDeviceTv,
  IconQrcode,
  IconSearch,
  IconPalette,
  IconReportAnalytics,
  IconScan,
  IconTimeline,
  IconTruck,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface ScreenDefinition {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  icon: Icon;
  description: string;
  // The menu entry whose permission opens this screen when it is no menu entry itself (a screen
  // with a parameter in its path, like a machine's terminal); its own path otherwise.
  menuPath?: string;
  // Routed outside the app's shell (no header, no menu): a screen watched on a wall, which signs in
  // and checks its access itself (the wall display signs in with a display token), and the public
  // pages (kiosk, mobile search, status links), which need no login (spec 1 §2).
  fullScreen?: true;
}

// The screens this build has. A menu entry of the spec shows only when its path is here, and only
// these paths are routed; add a screen by adding it to this list.
export const screenRegistry: readonly ScreenDefinition[] = [
  {
    path: '/dashboard',
    component: lazy(() =>
      import('../../modules/dashboard/components/DashboardPage').then((module) => ({ default: module.DashboardPage })),
    ),
    icon: IconChartBar,
    description: 'Yard figures as charts, live: inventory, empty slots, aging, gate-ins, moves, machines, trailers',
  },
  {
    path: WALL_PATH,
    component: lazy(() =>
      import('../../modules/wall/components/WallScreen').then((module) => ({ default: module.WallScreen })),
    ),
    icon: IconDeviceTv,
    description: 'The wall display: yard grid, gate and OCR queues, machines, large type, no interaction',
    fullScreen: true,
  },
  {
    path: '/inventory',
    component: lazy(() =>
      import('../../modules/inventory/components/InventoryPage').then((module) => ({ default: module.InventoryPage })),
    ),
    icon: IconBuildingWarehouse,
    description: 'The yard as a live grid: slots, liners, occupancy, search and moves',
  },
  {
    path: '/planning',
    component: lazy(() =>
      import('../../modules/planning/components/PlanningPage').then((module) => ({ default: module.PlanningPage })),
    ),
    icon: IconLayoutGridAdd,
    description: 'Plan queued containers onto the yard by click or by the engine; edit and delete plans',
  },
  {
    path: '/gate',
    component: lazy(() =>
      import('../../modules/gate/components/GatePage').then((module) => ({ default: module.GatePage })),
    ),
    icon: IconTruckDelivery,
    description: 'Trucks in and out: gate-in, trailer gate-in, dispatch, retag, with live tags and cameras',
  },
  {
    path: '/igate',
    component: lazy(() =>
      import('../../modules/smart-gate/components/SmartGatePage').then((module) => ({ default: module.IgatePage })),
    ),
    icon: IconScan,
    description: 'Smart gate-in: the OCR queue of the IN gates, live cameras, one-key candidates',
  },
  {
    path: '/igateout',
    component: lazy(() =>
      import('../../modules/smart-gate/components/SmartGatePage').then((module) => ({ default: module.IgateOutPage })),
    ),
    icon: IconScan,
    description: 'Smart dispatch: the OCR queue of the OUT gates, gate passes, one-key candidates',
  },
  {
    path: '/pre-advice',
    component: lazy(() =>
      import('../../modules/pre-advice/components/PreAdvicePage').then((module) => ({ default: module.PreAdvicePage })),
    ),
    icon: IconCalendarEvent,
    description: 'Gate-ins the depot expects: by hand or by sheet; the smart gate ranks misreads against them',
  },
  {
    path: '/gate-passes',
    component: lazy(() =>
      import('../../modules/smart-gate/components/GatePassesPage').then((module) => ({
        default: module.GatePassesPage,
      })),
    ),
    icon: IconFileCertificate,
    description: 'Gate passes the dispatch verifies: by hand or from a sheet',
  },
  {
    path: '/users',
    component: lazy(() =>
      import('../../modules/users/components/UsersPage').then((module) => ({ default: module.UsersPage })),
    ),
    icon: IconUsers,
    description: 'Users, roles and role permissions',
  },
  {
    path: '/gate-readers',
    component: lazy(() =>
      import('../../modules/gate-readers/components/GateReadersPage').then((module) => ({
        default: module.GateReadersPage,
      })),
    ),
    icon: IconAccessPoint,
    description: 'Gates, their RFID readers and cameras, with live health',
  },
  {
    path: '/reports',
    component: lazy(() =>
      import('../../modules/reports/components/ReportsPage').then((module) => ({ default: module.ReportsPage })),
    ),
    icon: IconReportAnalytics,
    description: 'The 14 reports: gate, containers, machines, trailers and alarms, with charts and exports',
  },
  {
    path: '/device-logs',
    component: lazy(() =>
      import('../../modules/device-logs/components/DeviceLogsPage').then((module) => ({
        default: module.DeviceLogsPage,
      })),
    ),
    icon: IconListDetails,
    description: 'What the devices sent, live, by device and type',
  },
  {
    path: '/containers',
    component: lazy(() =>
      import('../../modules/containers/components/ContainersPage').then((module) => ({
        default: module.ContainersPage,
      })),
    ),
    icon: IconContainer,
    description: 'Find, edit, move and export containers; see them on the yard map',
  },
  {
    path: '/configure',
    component: lazy(() =>
      import('../../modules/configure/components/ConfigurePage').then((module) => ({
        default: module.ConfigurePage,
      })),
    ),
    icon: IconPalette,
    description: 'Yard layout and colour rules',
  },
  {
    path: '/master-data',
    component: lazy(() =>
      import('../../modules/master-data/components/MasterDataPage').then((module) => ({
        default: module.MasterDataPage,
      })),
    ),
    icon: IconDatabase,
    description: 'Liners and their colours, sizes, types, customers and the other lists the forms pick from',
  },
  {
    path: '/yard-locations',
    component: lazy(() =>
      import('../../modules/yard-locations/components/YardLocationsPage').then((module) => ({
        default: module.YardLocationsPage,
      })),
    ),
    icon: IconPolygon,
    description: 'Yard zones and task places drawn as polygons on the yard map: machines and drops are placed in them',
  },
  {
    path: '/trailers',
    component: lazy(() =>
      import('../../modules/trailers/components/TrailersPage').then((module) => ({ default: module.TrailersPage })),
    ),
    icon: IconTruck,
    description: 'Trailers in the yard and their dispatch, PLA cards and permanent trailers',
  },
  {
    path: '/cha-vehicles',
    component: lazy(() =>
      import('../../modules/cha-vehicles/components/ChaVehiclesPage').then((module) => ({
        default: module.ChaVehiclesPage,
      })),
    ),
    icon: IconTruckLoading,
    description: 'Customs house agents: contacts and vehicles allowed per delivery type, counted at the gate',
  },
  {
    path: '/shifts',
    component: lazy(() =>
      import('../../modules/machine-shifts/components/ShiftsPage').then((module) => ({ default: module.ShiftsPage })),
    ),
    icon: IconClockHour4,
    description: 'Machine shifts: names and times of the yard’s day',
  },
  {
    path: '/allocations',
    component: lazy(() =>
      import('../../modules/allocations/components/AllocationsPage').then((module) => ({
        default: module.AllocationsPage,
      })),
    ),
    icon: IconTimeline,
    description: 'Machines allocated to yard areas by day: Gantt by machine or area, and a list',
  },
  {
    path: '/machines',
    component: lazy(() =>
      import('../../modules/machines/components/MachinesPage').then((module) => ({ default: module.MachinesPage })),
    ),
    icon: IconForklift,
    description: 'Machines on the yard map, live from telemetry, in their status colours; add and edit',
  },
  {
    path: '/itvs',
    component: lazy(() =>
      import('../../modules/itvs/components/ItvsPage').then((module) => ({ default: module.ItvsPage })),
    ),
    icon: IconTractor,
    description: 'Internal transfer vehicles on the yard map, live; add, edit and delete',
  },
  {
    path: '/tasks',
    component: lazy(() =>
      import('../../modules/tasks/components/TasksPage').then((module) => ({ default: module.TasksPage })),
    ),
    icon: IconListCheck,
    description: 'Container and ITV tasks of the yard machines, live, with yard exceptions',
  },
  {
    path: '/task-dashboard',
    component: lazy(() =>
      import('../../modules/task-dashboard/components/TaskDashboardPage').then((module) => ({
        default: module.TaskDashboardPage,
      })),
    ),
    icon: IconChartBar,
    description: 'Machine movements (productive and waste) and completed tasks by period or shift, live',
  },
  {
    path: TERMINAL_ROUTE,
    component: lazy(() =>
      import('../../modules/tasks/components/MachineTerminalPage').then((module) => ({
        default: module.MachineTerminalPage,
      })),
    ),
    icon: IconDeviceMobile,
    description: "A machine's task queue for its cab tablet or the driver's phone",
    menuPath: '/tasks',
  },
  // The public pages (spec 2 §2; issue 21): no login, no navigation (spec 3 §2).
  {
    path: KIOSK_PATHS.start,
    component: lazy(() =>
      import('../../modules/kiosk/components/KioskStartPage').then((module) => ({ default: module.KioskStartPage })),
    ),
    icon: IconDeviceTv,
    description: "The kiosk's start page: locate, status and, on a kiosk, add tasks",
    fullScreen: true,
  },
  {
    path: KIOSK_PATHS.locate,
    component: lazy(() =>
      import('../../modules/kiosk/components/KioskLocatePage').then((module) => ({ default: module.KioskLocatePage })),
    ),
    icon: IconMapPin,
    description: 'Kiosk: container numbers on the on-screen keyboard, their places on the yard map',
    fullScreen: true,
  },
  {
    path: KIOSK_PATHS.status,
    component: lazy(() =>
      import('../../modules/kiosk/components/KioskStatusPage').then((module) => ({ default: module.KioskStatusPage })),
    ),
    icon: IconListCheck,
    description: "Kiosk: an IGM item's containers by IGM and item number, printable",
    fullScreen: true,
  },
  {
    path: KIOSK_PATHS.tasks,
    component: lazy(() =>
      import('../../modules/kiosk/components/KioskTasksPage').then((module) => ({ default: module.KioskTasksPage })),
    ),
    icon: IconListCheck,
    description: "Kiosk: tasks for an IGM item's containers, into the yard's tasks",
    fullScreen: true,
  },
  {
    path: MOBILE_SEARCH_PATHS.search,
    component: lazy(() =>
      import('../../modules/kiosk/components/MobileSearchPage').then((module) => ({
        default: module.MobileSearchPage,
      })),
    ),
    icon: IconSearch,
    description: 'Mobile search: up to 10 container numbers or one IGM item',
    fullScreen: true,
  },
  {
    path: MOBILE_SEARCH_PATHS.view,
    component: lazy(() =>
      import('../../modules/kiosk/components/MobileSearchViewPage').then((module) => ({
        default: module.MobileSearchViewPage,
      })),
    ),
    icon: IconSearch,
    description: 'Mobile search: where the searched containers stand',
    fullScreen: true,
  },
  {
    path: `${STATUS_LINK_PATH}/:token`,
    component: lazy(() =>
      import('../../modules/kiosk/components/TrackPage').then((module) => ({ default: module.TrackPage })),
    ),
    icon: IconQrcode,
    description: "A status link of the gate-in slip: the container's state and place",
    fullScreen: true,
  },
];
