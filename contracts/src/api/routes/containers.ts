import { Type } from 'typebox';
import {
  AutocompleteQuery,
  Container,
  ContainerInput,
  ContainerKeyParams,
  ContainerSaved,
  ContainersExportQuery,
  ContainersPage,
  ContainerStatusQuery,
  ContainerStatusResponse,
  ContainerSuggestion,
  ContainersQuery,
  MovementAlertUpdate,
  MovementsPage,
} from '../../containers';
import { ExportResponse, StatusResponse } from '../../common';
import { defineRoute } from '../route';

// The containers screen (spec 1 §6): reading needs the containers menu; editing, deleting and
// the movement alert need superadmin or create/update rights (crudEnabled, or the landing page).
// Lookups also serve the inventory and task screens.
const read = { flag: 'containersVisible' } as const;
const write = { flag: 'containersVisible', write: true, screen: '/containers' } as const;
const lookup = { flag: ['containersVisible', 'inventoryVisible', 'tasksVisible'] } as const;
const tags = ['containers'];

export const containers = {
  // Yard tab: containers in the yard (not dispatched).
  inYard: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers',
    query: ContainersQuery,
    response: ContainersPage,
    access: read,
    tags,
  }),
  // All tab: every visit, dispatched ones included.
  all: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/all',
    query: ContainersQuery,
    response: ContainersPage,
    access: read,
    tags,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/containers',
    body: ContainerInput,
    response: ContainerSaved,
    access: write,
    tags,
  }),
  export: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/export',
    query: ContainersExportQuery,
    response: ExportResponse,
    access: read,
    tags,
  }),
  autocomplete: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/autocomplete',
    query: AutocompleteQuery,
    response: Type.Array(Type.String()),
    access: lookup,
    tags,
  }),
  autocompleteObjects: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/autocomplete-object',
    query: AutocompleteQuery,
    response: Type.Array(ContainerSuggestion),
    access: lookup,
    tags,
  }),
  autocompleteIgm: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/autocomplete-igm',
    query: AutocompleteQuery,
    response: Type.Array(Type.String()),
    access: lookup,
    tags,
  }),
  // The kiosk status page is public (spec 1 §2); the server limits it per address.
  status: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/status',
    query: ContainerStatusQuery,
    response: ContainerStatusResponse,
    access: { public: true },
    tags,
  }),
  updateMovementAlert: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/containers/update-movement-alert',
    body: MovementAlertUpdate,
    response: StatusResponse,
    access: write,
    tags,
  }),
  movements: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/movements/:n',
    params: ContainerKeyParams,
    response: MovementsPage,
    access: lookup,
    tags,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/:n',
    params: ContainerKeyParams,
    response: Container,
    access: lookup,
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/containers/:n',
    params: ContainerKeyParams,
    response: StatusResponse,
    access: write,
    tags,
  }),
};
