import { Type } from 'typebox';
import {
  ChaActivityParams,
  ChaAgent,
  ChaAgentActivityParams,
  ChaAgentInput,
  ChaAgentSaved,
  ChaAllocationInput,
  ChaAllocationParams,
  ChaAllocationSaved,
  ChaContactsInput,
  ChaCurrentAllocation,
  ChaEquipment,
  ChaIdParams,
  ChaSearchQuery,
  ChaVehicleDetailAnswer,
} from '../../cha';
import { Activity } from '../../master-data';
import { defineRoute } from '../route';

// The CHA vehicles screen's calls (spec 3 §7 "/rest/enterprise/cha/{delivery-types, search?query,
// {id}, {id}/allocation (GET, POST), {id}/allocation/{allocId} (PUT), equipments, {id}/contacts
// (PUT)}") and the two master-data lookups the trailer gate-in picks an agent's vehicle allocation
// with ("chas/activity/{x}, cha/{id}/activity/{x}"). The menu needs both the permission and the
// feature switch (spec 3 §6), and so do the calls; saving needs create/update rights on
// /cha-vehicles. The gate's lookups open for whoever works the gate too.
const read = { flag: 'chaVehiclesVisible' } as const;
const write = { flag: 'chaVehiclesVisible', write: true, screen: '/cha-vehicles' } as const;
const gateLookup = { flag: ['gateVisible', 'chaVehiclesVisible'] } as const;
const feature = 'chaVehicleEnabled';
const tags = ['cha'];

export const cha = {
  deliveryTypes: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/cha/delivery-types',
    response: Type.Array(Activity),
    access: read,
    feature,
    tags,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/cha/search',
    query: ChaSearchQuery,
    response: Type.Array(ChaAgent),
    access: read,
    feature,
    tags,
  }),
  equipments: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/cha/equipments',
    response: Type.Array(ChaEquipment),
    access: read,
    feature,
    tags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/cha',
    body: ChaAgentInput,
    response: ChaAgentSaved,
    access: write,
    feature,
    tags,
  }),
  agent: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/cha/:id',
    params: ChaIdParams,
    response: ChaAgent,
    access: read,
    feature,
    tags,
  }),
  allocation: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/cha/:id/allocation',
    params: ChaIdParams,
    response: ChaCurrentAllocation,
    access: read,
    feature,
    tags,
  }),
  createAllocation: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/cha/:id/allocation',
    params: ChaIdParams,
    body: ChaAllocationInput,
    response: ChaAllocationSaved,
    access: write,
    feature,
    tags,
  }),
  updateAllocation: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/cha/:id/allocation/:allocId',
    params: ChaAllocationParams,
    body: ChaAllocationInput,
    response: ChaAllocationSaved,
    access: write,
    feature,
    tags,
  }),
  updateContacts: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/cha/:id/contacts',
    params: ChaIdParams,
    body: ChaContactsInput,
    response: ChaAgentSaved,
    access: write,
    feature,
    tags,
  }),
  // Master data (spec 3 §7): the agents whose current allocation has the activity.
  agentsForActivity: defineRoute({
    method: 'GET',
    path: '/rest/chas/activity/:activity',
    params: ChaActivityParams,
    response: Type.Array(ChaAgent),
    access: gateLookup,
    feature,
    tags,
  }),
  // Master data (spec 3 §7): the agent's vehicle detail for the activity (null without one).
  vehicleDetail: defineRoute({
    method: 'GET',
    path: '/rest/cha/:id/activity/:activity',
    params: ChaAgentActivityParams,
    response: ChaVehicleDetailAnswer,
    access: gateLookup,
    feature,
    tags,
  }),
};
