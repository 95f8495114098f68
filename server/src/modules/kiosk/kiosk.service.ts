import { randomBytes } from 'node:crypto';
import {
  ALL_MACHINES,
  kioskContainerNumber,
  kioskTaskLocationsOf,
  kioskTaskRowProblem,
  taskPlaceNames,
  messages,
  type ContainerTrack,
  type KioskIgmContainers,
  type KioskTaskChoices,
  type KioskTaskInput,
  type KioskTasksSaved,
  type StatusLink,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, notFound } from '../../errors';
import { databaseError } from '../../lib/database-errors';
import type { Principal } from '../auth';
import type { ContainersService, InventoryService } from '../inventory';
import type { MasterDataService } from '../master-data';
import type { TasksService } from '../tasks';
import type { YardLocationsService } from '../yard-locations';
import { statusLinksRepository } from './status-links.repository';

export interface KioskDeps {
  containers: ContainersService;
  inventory: InventoryService;
  masterData: MasterDataService;
  tasks: TasksService;
  yardLocations: YardLocationsService;
}

// The public kiosks' calls that are not the yard map's or the status form's (issue 21): the kiosk
// tasks, saved into the yard's tasks (spec 2 §2: the same tasks as /tasks), and the container
// status links of the gate-in slip.
export function createKioskService(db: Database, deps: KioskDeps) {
  const names = async (list: Parameters<MasterDataService['named']>[0]) =>
    (await deps.masterData.named(list)).map((entry) => entry.name);

  async function taskChoices(): Promise<KioskTaskChoices> {
    // The places are the tasks screen's: the yard zones and the TASK_TO_LOCATION places drawn on
    // /yard-locations (spec 2 §1 kiosk task: yard locations have a name), without Slot.
    const [taskTypes, deliveryModes, places] = await Promise.all([
      names('task-types'),
      names('delivery-modes'),
      deps.yardLocations.list(),
    ]);
    return { taskTypes, deliveryModes, locations: kioskTaskLocationsOf(taskPlaceNames(places)) };
  }

  return {
    taskChoices,

    // The IGM item's containers in the yard (spec 2 §2 Kiosk tasks: search by IGM item): numbers and
    // sizes, the rows' starting point; dispatched visits are no work for the yard's machines.
    async igmContainers(igmItem: string): Promise<KioskIgmContainers> {
      const [igm = '', item = ''] = igmItem.split(':').map((part) => part.trim());
      if (!igm || !item || igmItem.split(':').length !== 2) throw badRequest(messages.kioskIgmItemFormat, 'igmItem');
      const { responseMap } = await deps.containers.status(igm, item);
      return {
        containers: responseMap.containerStatusList
          .filter((container) => container.status === 'In yard')
          .map(({ containerNumber, sizeName }) => ({ containerNumber, sizeName })),
      };
    },

    // Kiosk tasks (spec 2 §3–§5): every row complete and one the kiosk offers, the number cut to 11
    // characters, assigned to ALL, the container the active one of that number; then the tasks'
    // own rules and duplicate check, all rows or none.
    async saveTasks(rows: KioskTaskInput[], principal: Principal): Promise<KioskTasksSaved> {
      const choices = await taskChoices();
      const inputs = [];
      for (const row of rows) {
        const problem = kioskTaskRowProblem(row, choices);
        if (problem) throw badRequest(problem);
        const number = kioskContainerNumber(row.containerNumber);
        const containerId = await deps.containers.activeIdOf(number);
        if (containerId === null) throw badRequest(messages.kioskTaskContainerNotInYard(number), 'containerNumber');
        inputs.push({
          containerNumber: number,
          containerId,
          taskType: row.taskType,
          deliveryMode: row.deliveryMode,
          fromLocation: row.fromLocation,
          toLocation: row.toLocation,
          assignedToMachine: ALL_MACHINES,
        });
      }
      const saved = await deps.tasks.save(inputs, principal, 'kiosk');
      return {
        responsestatus: 'success',
        tasks: saved.tasks.map((task) => ({
          containerNumber: task.containerNumber,
          taskType: task.taskType,
          deliveryMode: task.deliveryMode,
          fromLocation: task.fromLocation,
          toLocation: task.toLocation,
          generationDate: task.generationDate,
        })),
      };
    },

    // The visit's valid status link, or a new one (issue 21). Two clerks asking at once get the same.
    async issueStatusLink(containerId: number, principal: Principal): Promise<StatusLink> {
      if (!(await deps.containers.visitStatus(containerId)))
        throw notFound(messages.containerNotFound(String(containerId)));
      const existing = await statusLinksRepository.validOf(db, containerId);
      if (existing) return existing;
      try {
        await statusLinksRepository.insert(db, {
          token: randomBytes(16).toString('base64url'),
          containerId,
          createdById: principal.userId,
        });
      } catch (error) {
        throw databaseError(error, {});
      }
      return (await statusLinksRepository.validOf(db, containerId))!;
    },

    async revokeStatusLink(token: string): Promise<StatusLink> {
      await statusLinksRepository.revoke(db, token);
      const link = await statusLinksRepository.byToken(db, token);
      if (!link) throw notFound(messages.statusLinkInvalid);
      return link;
    },

    // What a status link shows (public): the visit's state and, while it is in the yard, its place.
    // An unknown, revoked or voided link answers the same 404, so an answer tells nothing of which.
    async track(token: string): Promise<ContainerTrack> {
      const link = await statusLinksRepository.byToken(db, token);
      const status = link && link.revokedAt === null ? await deps.containers.visitStatus(link.containerId) : null;
      if (!link || !status) throw notFound(messages.statusLinkInvalid);
      return {
        containerNumber: status.containerNumber,
        sizeName: status.sizeName,
        status: status.status,
        gateInDate: status.gateInDate,
        dispatchDate: status.dispatchDate,
        location:
          status.status === 'In yard' ? await deps.inventory.publicLocation(String(link.containerId), 'key') : null,
      };
    },
  };
}

export type KioskService = ReturnType<typeof createKioskService>;
