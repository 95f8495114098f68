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
import { NAMED_LISTS, type NamedListName } from './master-data.repository';
import type { MasterDataService } from './master-data.service';

const loggedIn = { access: {} };

// Where the catalogue puts a list somewhere other than /rest/<name>.
const PATHS: Partial<Record<NamedListName, string>> = { 'task-types': '/rest/tasks/task-types' };

export const masterDataRoutes: FastifyPluginAsyncTypebox<{ masterData: MasterDataService }> = async (
  app,
  { masterData },
) => {
  for (const list of Object.keys(NAMED_LISTS) as NamedListName[]) {
    if (list === 'activity-groups') continue;
    app.get(
      PATHS[list] ?? `/rest/${list}`,
      { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(NamedItem) } } },
      () => masterData.named(list),
    );
  }

  app.get(
    '/rest/activity-groups',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(ActivityGroup) } } },
    () => masterData.named('activity-groups'),
  );

  app.get(
    '/rest/activities',
    {
      config: loggedIn,
      schema: { tags: ['master data'], querystring: ActivitiesQuery, response: { 200: Type.Array(Activity) } },
    },
    (request) => masterData.activities(request.query.activityGroup),
  );

  app.get(
    '/rest/container-sizes',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(ContainerSize) } } },
    () => masterData.sizes(),
  );

  app.get(
    '/rest/container-types',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(ContainerType) } } },
    () => masterData.types(),
  );

  app.get(
    '/rest/customers',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(Customer) } } },
    () => masterData.customers(),
  );

  app.get(
    '/rest/liner-infos',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(LinerInfo) } } },
    () => masterData.linerInfos(),
  );

  app.get(
    '/rest/liners',
    { config: loggedIn, schema: { tags: ['master data'], response: { 200: Type.Array(NamedItem) } } },
    () => masterData.liners(),
  );
};
