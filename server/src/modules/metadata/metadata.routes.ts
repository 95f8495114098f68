import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Metadata } from '@openyard/contracts';
import type { Config } from '../../config';

export function metadataOf(config: Config): Metadata {
  const { yard, features } = config;
  return {
    sessionExpireInIdleMins: yard.sessionExpireInIdleMins,
    paginationItemsPerPage: yard.paginationItemsPerPage,
    dataRefreshRate: yard.dataRefreshRate,
    mapApiKey: yard.mapApiKey,
    mapTileUrl: yard.mapTileUrl,
    yardCenter: yard.yardCenter,
    slotFormat: yard.slotFormat,
    startHeight: yard.startHeight,
    timeZone: yard.timeZone,
    strictPasswordRule: yard.strictPasswordRule,
    surveyPreConfiguredEmailRecipients: yard.surveyPreConfiguredEmailRecipients,
    surveyPreConfiguredEmailBody: yard.surveyPreConfiguredEmailBody,
    ...features,
  };
}

export const metadataRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const metadata = metadataOf(config);
  // Public: loaded at bootstrap before login (spec 1 §2); it holds no secrets.
  app.get(
    '/rest/metadata',
    { config: { access: { public: true } }, schema: { tags: ['session'], response: { 200: Metadata } } },
    () => metadata,
  );
};
