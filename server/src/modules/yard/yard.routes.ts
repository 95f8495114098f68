import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { YardLayout } from '@openyard/contracts';
import type { YardLayoutService } from './yard-layout.service';

export const yardRoutes: FastifyPluginAsyncTypebox<{ layout: YardLayoutService }> = async (app, { layout }) => {
  // Public: the web loads it before login (spec 1 §2) and the public kiosk maps draw it.
  app.get(
    '/rest/yard/layout',
    { config: { access: { public: true } }, schema: { tags: ['yard'], response: { 200: YardLayout } } },
    () => layout.layout(),
  );
};
