import {
  DispatchQuery,
  DispatchResult,
  GateInForm,
  GateInResult,
  GateTagAnswer,
  GateTagQuery,
  RetagForm,
  RetagResult,
  TagValidAnswer,
  TagValidQuery,
  TrailerGateInForm,
  TrailerGateInResult,
  TrucksInside,
  TrucksInsideQuery,
} from '../../gate-operations';
import { defineRoute } from '../route';

// The gate clerk's calls (spec 1 §7 Gate operations, spec 3 §7 Gate). Reading the gate's tags and
// trucks is everyone's who sees the gate; a transaction is a create, so it follows the landing-page
// create/update rule (spec 3 §6) on the gate screens, the smart gate's included (issue 16 uses the
// same calls).
const read = { flag: 'gateVisible' } as const;
const write = { flag: 'gateVisible', write: true, screen: ['/gate', '/igate', '/igateout'] } as const;
const tags = ['gate operations'];

export const gateOperations = {
  entryTag: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/entry-tag',
    query: GateTagQuery,
    response: GateTagAnswer,
    access: read,
    tags,
    summary: "The latest unused read of the gate's GATEIN reader",
  }),
  exitTag: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/exit-tag',
    query: GateTagQuery,
    response: GateTagAnswer,
    access: read,
    tags,
    summary: "The latest unused read of the gate's GATEOUT reader",
  }),
  trailerTag: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/trailer-tag',
    query: GateTagQuery,
    response: GateTagAnswer,
    access: read,
    tags,
    summary: 'The latest unused trailer-tag read at an IN gate, with its PLA card and trailer number',
  }),
  exitTrailerTag: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/exit-trailer-tag',
    query: GateTagQuery,
    response: GateTagAnswer,
    access: read,
    tags,
    summary: 'The latest unused trailer-tag read at an OUT gate, with its PLA card and trailer number',
  }),
  tagValid: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/tag-valid',
    query: TagValidQuery,
    response: TagValidAnswer,
    access: read,
    tags,
  }),
  gateIn: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate/containers',
    body: GateInForm,
    response: GateInResult,
    access: write,
    tags,
  }),
  trailerGateIn: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate/trailer',
    body: TrailerGateInForm,
    response: TrailerGateInResult,
    access: write,
    tags,
  }),
  // The spec's dispatch is a GET with the fields in the query (spec 1 §7); it changes state, so it
  // is checked for Origin like a POST.
  dispatch: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/dispatch',
    query: DispatchQuery,
    response: DispatchResult,
    access: write,
    changesState: true,
    tags,
  }),
  scanningDispatch: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/scanning-dispatch',
    query: DispatchQuery,
    response: DispatchResult,
    access: write,
    changesState: true,
    tags,
  }),
  retag: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate/retag',
    body: RetagForm,
    response: RetagResult,
    access: write,
    tags,
  }),
  trucksInside: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/trucks-inside',
    query: TrucksInsideQuery,
    response: TrucksInside,
    access: read,
    tags,
    summary: 'Trucks inside the yard with their entry time (truck turn time)',
  }),
};
