import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ActivitiesQuery,
  Activity,
  ActivityGroup,
  ContainerSize,
  ContainerType,
  Customer,
  LinerInfo,
  NamedItem,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { masterDataRepository, NAMED_LISTS, type NamedListName } from './master-data.repository';

const loggedIn = { access: {} };

// Where the catalogue puts a list somewhere other than /rest/<name>.
const PATHS: Partial<Record<NamedListName, string>> = { 'task-types': '/rest/tasks/task-types' };

export const masterDataRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  for (const list of Object.keys(NAMED_LISTS) as NamedListName[]) {
    if (list === 'activity-groups') continue;
    app.get(
      PATHS[list] ?? `/rest/${list}`,
      { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(NamedItem) } } },
      () => masterDataRepository.named(db, list),
    );
  }

  app.get(
    '/rest/activity-groups',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(ActivityGroup) } } },
    () => masterDataRepository.named(db, 'activity-groups'),
  );

  app.get(
    '/rest/activities',
    {
      config: loggedIn,
      schema: { tags: ['master data'], querystring: ActivitiesQuery, response: { 200: Type.Array(Activity) } },
    },
    async (request) =>
      (await masterDataRepository.activities(db, request.query.activityGroup)).map(({ activity, group }) => ({
        id: activity.id,
        activityId: activity.id,
        activityName: activity.name,
        activityGroup: { id: group.id, name: group.name },
      })),
  );

  app.get(
    '/rest/container-sizes',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(ContainerSize) } } },
    () => masterDataRepository.sizes(db),
  );

  app.get(
    '/rest/container-types',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(ContainerType) } } },
    () => masterDataRepository.types(db),
  );

  app.get(
    '/rest/customers',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(Customer) } } },
    () => masterDataRepository.customers(db),
  );

  app.get(
    '/rest/liner-infos',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(LinerInfo) } } },
    () => masterDataRepository.linerInfos(db),
  );

  app.get(
    '/rest/liners',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(NamedItem) } } },
    async () => (await masterDataRepository.linerInfos(db)).map(({ id, name }) => ({ id, name })),
  );
};
