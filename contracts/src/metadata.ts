import { Type, type Static } from 'typebox';
import { Permissions } from './auth';

// Configuration constants the web loads at bootstrap (spec 1 §3 "Metadata constants").
export const Metadata = Type.Object({
  sessionExpireInIdleMins: Type.Integer(),
  paginationItemsPerPage: Type.Integer(),
  dataRefreshRate: Type.Integer(),
  mapApiKey: Type.String(),
  mapTileUrl: Type.String(),
  yardCenter: Type.Object({ latitude: Type.Number(), longitude: Type.Number() }),
  // A machine or ITV heard from longer ago than this is shown orange (spec 2 §4: 300,000 ms;
  // MACHINE_STALE_AFTER_MS): open screens turn markers orange by the clock with the same rule.
  machineStaleAfterMs: Type.Integer(),
  slotFormat: Type.String(),
  startHeight: Type.Integer(),
  timeZone: Type.String(),
  strictPasswordRule: Type.Boolean(),
  enterpriseVersion: Type.Boolean(),
  smartGateEnabled: Type.Boolean(),
  smartTransportEnabled: Type.Boolean(),
  areaOnlyPlanning: Type.Boolean(),
  planningEngine: Type.Boolean(),
  planningEngineEnabled: Type.Boolean(),
  chaVehicleEnabled: Type.Boolean(),
  dispatchTabEnabled: Type.Boolean(),
  allowExpiredContainerTag: Type.Boolean(),
  enableFetchProcessAtGateOut: Type.Boolean(),
  enableInventorySyncToErp: Type.Boolean(),
  surveyPreConfiguredEmailRecipients: Type.String(),
  surveyPreConfiguredEmailBody: Type.String(),
});
export type Metadata = Static<typeof Metadata>;

export const Health = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  uptimeSeconds: Type.Number(),
  role: Type.Optional(Type.String()),
  userName: Type.Optional(Type.String()),
  landingPage: Type.Optional(Type.String()),
  permissions: Type.Optional(Permissions),
});
export type Health = Static<typeof Health>;
