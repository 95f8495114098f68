import {
  ContainerTrack,
  KioskIgmContainers,
  KioskIgmQuery,
  KioskTaskChoices,
  KioskTasksBody,
  KioskTasksSaved,
  StatusLink,
  StatusLinkIssue,
  StatusLinkParams,
} from '../../kiosk';
import { defineRoute } from '../route';

// The kiosk's own calls (issue 21): only a kiosk's session makes them (a kiosk token signs it in,
// display-tokens module); the rest of the kiosk pages use the public yard map and status calls.
const kioskRole = { roles: ['kiosk'] } as const;
// Status links are issued where a container's visit is handled: the gate-in slip (spec 1 §2 gate)
// and the containers screen; revoking is the same right.
const links = {
  flag: ['gateVisible', 'containersVisible'],
  write: true,
  screen: ['/gate', '/containers'],
} as const;
const tags = ['kiosk'];

export const kiosk = {
  taskChoices: defineRoute({
    method: 'GET',
    path: '/rest/kiosk/task-choices',
    response: KioskTaskChoices,
    access: kioskRole,
    tags,
    summary: 'Task types, delivery modes and locations a kiosk task row chooses from',
  }),
  igmContainers: defineRoute({
    method: 'GET',
    path: '/rest/kiosk/igm-containers',
    query: KioskIgmQuery,
    response: KioskIgmContainers,
    access: kioskRole,
    tags,
    summary: "The IGM item's containers in the yard: their numbers and sizes only",
  }),
  saveTasks: defineRoute({
    method: 'POST',
    path: '/rest/kiosk/tasks',
    body: KioskTasksBody,
    response: KioskTasksSaved,
    access: kioskRole,
    tags,
    summary: 'Kiosk tasks, saved into the yard tasks (source kiosk, assigned to ALL)',
  }),
  issueStatusLink: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/containers/status-links',
    body: StatusLinkIssue,
    response: StatusLink,
    access: links,
    tags,
    summary: "The container visit's status link (a new one when it has none that is valid)",
  }),
  revokeStatusLink: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/containers/status-links/:token',
    params: StatusLinkParams,
    response: StatusLink,
    access: links,
    tags,
    summary: 'Revokes a status link: it shows nothing any more',
  }),
  track: defineRoute({
    method: 'GET',
    path: '/rest/track/:token',
    params: StatusLinkParams,
    response: ContainerTrack,
    access: { public: true },
    tags,
    summary: "A status link's container, its state and where it stands (no login; rate limited)",
  }),
};
