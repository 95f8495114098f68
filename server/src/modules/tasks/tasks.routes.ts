import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { TasksService } from './tasks.service';

// The tasks calls of the catalogue (contracts/src/api/routes/tasks.ts): tasks, ITV tasks, the yard
// exceptions and the machine terminal; the upload is multipart (read by registerRoutes).
export async function tasksRoutes(app: FastifyInstance, { tasks }: { tasks: TasksService }) {
  registerRoutes(app, routes.tasks, {
    page: (request) => tasks.page(request.query),
    get: (request) => tasks.get(request.params.id),
    find: (request) => tasks.find(request.query),
    save: (request) => tasks.save(request.body, requirePrincipal(request)),
    delete: (request) => tasks.delete(request.query.taskIds),
    complete: (request) => tasks.complete(request.body.taskIds, requirePrincipal(request)),
    transfer: (request) => tasks.transfer(request.body.taskIds, request.body.toMachine),
    exportXls: (request) => tasks.exportXls(request.body, requirePrincipal(request)),
    download: async (request, reply) => {
      const { stream, size, contentType, fileName } = await tasks.download(
        request.query.reportName,
        requirePrincipal(request),
      );
      return reply
        .header('Content-Type', contentType)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Content-Length', size)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
    upload: (request) => tasks.upload(request.body.file, requirePrincipal(request)),
    itvTasks: (request) => tasks.itvTasks(request.query),
    itvTask: (request) => tasks.itvTask(request.params.id),
    itvTaskTypes: () => tasks.itvTaskTypes(),
    findItvTask: (request) => tasks.findItvTask(request.query),
    saveItvTask: (request) => tasks.saveItvTask(request.body, requirePrincipal(request)),
    deleteItvTasks: (request) => tasks.deleteItvTasks(request.query.itvTaskIds),
    yardExceptions: (request) => tasks.yardExceptions(request.query),
    resolveYardException: (request) =>
      tasks.resolveYardException(request.params.id, request.body.resolution, requirePrincipal(request)),
    machineQueue: (request) => tasks.machineQueue(request.params.machineName),
    startMachineTask: (request) => tasks.startMachineTask(request.params.machineName, request.params.id),
    reportMachineTaskProblem: (request) =>
      tasks.reportMachineTaskProblem(request.params.machineName, request.params.id, request.body.problem),
    completeMachineTask: (request) =>
      tasks.completeMachineTask(request.params.machineName, request.params.id, requirePrincipal(request)),
  });
}
