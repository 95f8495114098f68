import { ExportResponse, IdParams, StatusResponse } from '../../common';
import {
  GatePassAnswer,
  GatePassesPage,
  GatePassesQuery,
  GatePassInput,
  GatePassQuery,
  GatePassSaved,
  GatePassUploadBody,
  IgateDispatchForm,
  IgateDispatchResult,
  IgateInForm,
  IgateInResult,
  MyGates,
  OcrAccuracy,
  OcrAccuracyQuery,
  OcrCandidates,
  OcrCandidatesQuery,
  SmartGateReport,
  SmartGateReportExportQuery,
  SmartGateReportQuery,
  UserGates,
  UserGatesInput,
  UserGatesParams,
} from '../../smart-gate';
import { UploadResult } from '../../trailers';
import { defineRoute } from '../route';

// The smart gate (spec 2 §2, spec 3 §7 Gate, issue 16). Everyone who sees the gate reads; the
// transactions and the gate-pass store are creates on the smart gate screens (spec 3 §6 landing
// page rule, as the gate clerk's calls). The smart gate switch turns the OCR-assisted calls off;
// gate passes stay (the batch import and the clerk's gate read them too).
const read = { flag: 'gateVisible' } as const;
const write = { flag: 'gateVisible', write: true, screen: ['/igate', '/igateout'] } as const;
// The gate-pass store is kept on /gate-passes (opened from /igateout).
const passWrite = { ...write, screen: ['/igate', '/igateout', '/gate-passes'] } as const;
const reports = { flag: ['gateVisible', 'reportsVisible'] } as const;
// Which gates a user works is the users screen's (admins, spec 3 §6).
const usersRead = { flag: 'usersVisible', roles: ['admin', 'superadmin'] } as const;
const usersWrite = { ...usersRead, write: true, screen: '/users' } as const;
const feature = 'smartGateEnabled';
const tags = ['smart gate'];

export const smartGate = {
  gatePass: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/gate-pass',
    query: GatePassQuery,
    response: GatePassAnswer,
    access: read,
    tags,
    summary: 'The valid gate pass of a container (null when there is none)',
  }),
  gatePasses: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/gate-passes',
    query: GatePassesQuery,
    response: GatePassesPage,
    access: read,
    tags,
  }),
  createGatePass: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/containers/gate-passes',
    body: GatePassInput,
    response: GatePassSaved,
    access: passWrite,
    tags,
  }),
  updateGatePass: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/containers/gate-passes',
    body: GatePassInput,
    response: GatePassSaved,
    access: passWrite,
    tags,
  }),
  deleteGatePass: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/containers/gate-passes/:id',
    params: IdParams,
    response: StatusResponse,
    access: passWrite,
    tags,
  }),
  // A sheet of gate passes (xlsx or csv, a header row): one result per row; a refused row saves nothing.
  uploadGatePasses: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/containers/gate-passes/upload',
    body: GatePassUploadBody,
    bodyKind: 'multipart',
    response: UploadResult,
    access: passWrite,
    tags,
  }),
  igateDispatch: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate/igate-dispatch',
    body: IgateDispatchForm,
    response: IgateDispatchResult,
    access: write,
    feature,
    tags,
    summary: 'Dispatch from an OCR record: gate pass checked, record acknowledged in the same transaction',
  }),
  igateIn: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/gate/igate-in',
    body: IgateInForm,
    response: IgateInResult,
    access: write,
    feature,
    tags,
    summary: 'Gate-in from an OCR record, the record acknowledged in the same transaction',
  }),
  dispatchReport: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/igate-dispatch-report',
    query: SmartGateReportQuery,
    response: SmartGateReport,
    access: reports,
    feature,
    tags,
  }),
  dispatchReportExport: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/igate-dispatch-report/export',
    query: SmartGateReportExportQuery,
    response: ExportResponse,
    access: reports,
    feature,
    tags,
  }),
  inReport: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/igate-in-report',
    query: SmartGateReportQuery,
    response: SmartGateReport,
    access: reports,
    feature,
    tags,
  }),
  inReportExport: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/igate-in-report/export',
    query: SmartGateReportExportQuery,
    response: ExportResponse,
    access: reports,
    feature,
    tags,
  }),
  accuracy: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/ocr/accuracy',
    query: OcrAccuracyQuery,
    response: OcrAccuracy,
    access: read,
    feature,
    tags,
    summary: 'Per gate and yard day: records accepted unchanged, corrected by candidate, typed by hand',
  }),
  candidates: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/ocr/candidates',
    query: OcrCandidatesQuery,
    response: OcrCandidates,
    access: read,
    feature,
    tags,
    summary: "An OCR record's reads ranked against the numbers the depot expects at that gate",
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/gate/mine',
    response: MyGates,
    access: {},
    tags,
    summary: "The gates the current user works, first to be selected, and the Smart Gate link's target",
  }),
  userGates: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/users/:id/gates',
    params: UserGatesParams,
    response: UserGates,
    access: usersRead,
    tags,
  }),
  setUserGates: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/users/:id/gates',
    params: UserGatesParams,
    body: UserGatesInput,
    response: UserGates,
    access: usersWrite,
    tags,
  }),
};
