import type { FastifyInstance } from 'fastify';
import { routes, type Metadata } from '@openyard/contracts';
import type { Config } from '../../config';
import { registerRoutes } from '../../lib/routes';

export function metadataOf(config: Config): Metadata {
  const { yard, features } = config;
  return {
    sessionExpireInIdleMins: yard.sessionExpireInIdleMins,
    paginationItemsPerPage: yard.paginationItemsPerPage,
    dataRefreshRate: yard.dataRefreshRate,
    mapApiKey: yard.mapApiKey,
    mapTileUrl: yard.mapTileUrl,
    yardCenter: yard.yardCenter,
    machineStaleAfterMs: config.health.machineStaleAfterMs,
    slotFormat: yard.slotFormat,
    startHeight: yard.startHeight,
    timeZone: yard.timeZone,
    strictPasswordRule: yard.strictPasswordRule,
    surveyPreConfiguredEmailRecipients: yard.surveyPreConfiguredEmailRecipients,
    surveyPreConfiguredEmailBody: yard.surveyPreConfiguredEmailBody,
    kiosk: yard.kiosk,
    mobileAppLinks: yard.mobileAppLinks,
    publicBaseUrl: yard.publicBaseUrl.replace(/\/+$/, ''),
    ...features,
  };
}

// The metadata call of the catalogue (contracts/src/api/routes/auth.ts): public, loaded at
// bootstrap before login (spec 1 §2); it holds no secrets.
export async function metadataRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const metadata = metadataOf(config);
  registerRoutes(app, routes.metadata, { get: () => metadata });
}
