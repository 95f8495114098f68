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
  // The kiosk start page (spec 2 §2: optional add-task link, configurable header texts and banner).
  kiosk: Type.Object({
    headerTitle: Type.String(),
    headerSubtitle: Type.String(),
    // A notice shown across the kiosk's pages (a closing time, a holiday); empty: none.
    banner: Type.String(),
    // Whether the start page offers the add-task link (to a kiosk signed in with its token).
    addTaskEnabled: Type.Boolean(),
  }),
  // The product's mobile app in the stores (spec 2 §2 Mobile search); empty: no link.
  mobileAppLinks: Type.Object({ android: Type.String(), ios: Type.String() }),
  // The address drivers' phones reach the depot at, for the status links' QR codes (issue 21);
  // empty: the address the page was opened at.
  publicBaseUrl: Type.String(),
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
