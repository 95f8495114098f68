import { ALL_MACHINES, type GeneratedTask, type GateTaskInput } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import type { NewEvent } from '../outbox';
import { tasksRepository, toGeneratedTask, toTask, type TaskRow } from './tasks.repository';

// Who made a task (the table's check lists the same).
export type TaskSource = 'gate' | 'planning' | 'user' | 'kiosk' | 'upload';

export interface NewTask extends GateTaskInput {
  containerId?: number | null;
  source: TaskSource;
}

// Work for the yard's machines (spec 3 §3, §4): the gate stores the tasks it generates as pending,
// with the truck visit they belong to. The tasks screen (issue 17) extends this module.
export function createTasksService(db: Database) {
  return {
    // Stores pending tasks inside the caller's transaction and records task.created.
    async create(
      tx: Database,
      events: NewEvent[],
      list: NewTask[],
      context: { visitId: number | null; createdBy: string | null },
    ): Promise<GeneratedTask[]> {
      if (!list.length) return [];
      const rows = await tasksRepository.insert(
        tx,
        list.map((task) => ({
          containerId: task.containerId ?? null,
          // Spec 3 §5: the container number saved is limited to 11 characters.
          containerNumber: task.containerNumber.trim().toUpperCase().slice(0, 11),
          taskType: task.taskType.trim(),
          deliveryMode: task.deliveryMode?.trim() || null,
          fromLocation: task.fromLocation?.trim() || null,
          toLocation: task.toLocation?.trim() || null,
          toLocationDetails: task.toLocationDetails?.trim() || null,
          assignedToMachine: task.assignedToMachine?.trim() || ALL_MACHINES,
          onPriority: task.onPriority ?? false,
          visitId: context.visitId,
          source: task.source,
          createdBy: context.createdBy,
        })),
      );
      const views = await tasksRepository.views(
        tx,
        rows.map((row) => row.id),
      );
      events.push({ type: 'task.created', data: { visitId: context.visitId, tasks: views.map(toTask) } });
      return rows.map(toGeneratedTask);
    },

    async ofVisit(visitId: number, database: Database = db): Promise<GeneratedTask[]> {
      return (await tasksRepository.ofVisits(database, [visitId])).map((row: TaskRow) => toGeneratedTask(row));
    },

    // Tasks done and pending per visit, for the truck turn time.
    async countsOfVisits(visitIds: number[], database: Database = db) {
      const rows = await tasksRepository.countsOfVisits(database, visitIds);
      return new Map(rows.map((row) => [row.visitId, row]));
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
