import { Type } from 'typebox';
import { ContainerKeyParams } from '../../containers';
import {
  AreaContainersQuery,
  AreaParams,
  ContainerLocation,
  IgmParams,
  InventoryContainer,
  InventoryGrid,
  InventoryLoadQuery,
  InventorySnapshot,
  LocationUpdateBody,
  LocationUpdateResult,
  YardMapQuery,
  YardMapResponse,
} from '../../inventory';
import { inventoryWriteAccess } from '../../rules/inventory-write';
import { defineRoute } from '../route';

// The inventory screen needs inventoryVisible (a superadmin grant, spec 3 §6); container info,
// location and IGM lookups serve the containers screen too. Location updates follow the inventory
// write rule, shared with both screens.
const inventoryScreen = { flag: 'inventoryVisible' } as const;
const lookup = { flag: ['inventoryVisible', 'containersVisible'] } as const;
// The planning screen assigns slots on the same grid (spec 2 §2 Planning screen: "A yard grid for
// assigning slots"): its planners read the grid's snapshot without the inventory's grant.
const yardGrid = { flag: ['inventoryVisible', 'planningVisible'] } as const;
const tags = ['inventory'];

export const inventory = {
  yardContainers: defineRoute({
    method: 'GET',
    path: '/rest/yard/containers',
    query: AreaContainersQuery,
    response: Type.Array(InventoryContainer),
    access: inventoryScreen,
    tags,
  }),
  areaContainers: defineRoute({
    method: 'GET',
    path: '/rest/yard/containers/:area',
    params: AreaParams,
    query: AreaContainersQuery,
    response: Type.Array(InventoryContainer),
    access: inventoryScreen,
    tags,
  }),
  igmContainers: defineRoute({
    method: 'GET',
    path: '/rest/yard/igm-containers/:igm',
    params: IgmParams,
    response: Type.Array(InventoryContainer),
    access: lookup,
    tags,
  }),
  // The snapshot every inventory screen loads; with lastUpdated only the changes since.
  load: defineRoute({
    method: 'GET',
    path: '/rest/yard/load',
    query: InventoryLoadQuery,
    response: InventorySnapshot,
    access: inventoryScreen,
    tags,
  }),
  // The compact snapshot the inventory grid draws (one array per field); the server answers 304
  // to an If-None-Match of the current version and gzips when the client accepts it.
  grid: defineRoute({
    method: 'GET',
    path: '/rest/yard/grid',
    query: AreaContainersQuery,
    response: InventoryGrid,
    access: yardGrid,
    tags,
  }),
  container: defineRoute({
    method: 'GET',
    path: '/rest/yard/container/:n',
    params: ContainerKeyParams,
    response: InventoryContainer,
    access: lookup,
    tags,
  }),
  location: defineRoute({
    method: 'GET',
    path: '/rest/yard/location/:n',
    params: ContainerKeyParams,
    response: ContainerLocation,
    access: lookup,
    tags,
  }),
  // Kiosk and mobile search are public pages (spec 1 §2); the server limits them per address.
  yardMap: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/yard-map',
    query: YardMapQuery,
    response: YardMapResponse,
    access: { public: true },
    tags,
  }),
  updateLocation: defineRoute({
    method: 'POST',
    path: '/rest/yard/updateLocation',
    body: LocationUpdateBody,
    response: LocationUpdateResult,
    access: inventoryWriteAccess,
    tags,
  }),
};
