import { ExportResponse, IdParams, StatusResponse } from '../../common';
import {
  PermanentTrailerInput,
  PermanentTrailersPage,
  PlaCardInput,
  PlaCardsPage,
  PlaCardsQuery,
  TrailerDispatchQuery,
  TrailerInput,
  TrailerSaved,
  TrailersExportQuery,
  TrailersPage,
  TrailersQuery,
  TrailerUploadBody,
  UploadResult,
} from '../../trailers';
import { defineRoute } from '../route';

// Trailers, PLA cards and permanent trailers (spec 3 §7 Trailers). Managing them is a create or
// update on /trailers (spec 3 §6); re-dispatching a dispatched trailer is the admins' (checked by
// the service, spec 3 §5).
const read = { flag: 'trailersVisible' } as const;
const write = { flag: 'trailersVisible', write: true, screen: '/trailers' } as const;
const tags = ['trailers'];

// Uploads (pla-cards/upload, permanent/upload) take multipart fields `file` (xlsx or csv with a
// header row) and `user`, and answer one result per data row; a refused row saves nothing.
export const trailers = {
  page: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/trailers',
    query: TrailersQuery,
    response: TrailersPage,
    access: read,
    tags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/trailers',
    body: TrailerInput,
    response: TrailerSaved,
    access: write,
    tags,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/trailers',
    body: TrailerInput,
    response: TrailerSaved,
    access: write,
    tags,
  }),
  dispatch: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/trailers/dispatch',
    query: TrailerDispatchQuery,
    response: StatusResponse,
    access: write,
    changesState: true,
    tags,
  }),
  export: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/trailers/export',
    query: TrailersExportQuery,
    response: ExportResponse,
    access: read,
    tags,
  }),
  plaCards: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/trailers/pla-cards',
    query: PlaCardsQuery,
    response: PlaCardsPage,
    access: read,
    tags,
  }),
  createPlaCard: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/trailers/pla-cards',
    body: PlaCardInput,
    response: TrailerSaved,
    access: write,
    tags,
  }),
  updatePlaCard: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/trailers/pla-cards',
    body: PlaCardInput,
    response: TrailerSaved,
    access: write,
    tags,
  }),
  deletePlaCard: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/trailers/pla-cards/:id',
    params: IdParams,
    response: StatusResponse,
    access: write,
    tags,
  }),
  uploadPlaCards: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/trailers/pla-cards/upload',
    body: TrailerUploadBody,
    bodyKind: 'multipart',
    response: UploadResult,
    access: write,
    tags,
  }),
  permanent: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/trailers/permanent',
    query: PlaCardsQuery,
    response: PermanentTrailersPage,
    access: read,
    tags,
  }),
  createPermanent: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/trailers/permanent',
    body: PermanentTrailerInput,
    response: TrailerSaved,
    access: write,
    tags,
  }),
  updatePermanent: defineRoute({
    method: 'PUT',
    path: '/rest/enterprise/trailers/permanent',
    body: PermanentTrailerInput,
    response: TrailerSaved,
    access: write,
    tags,
  }),
  deletePermanent: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/trailers/permanent/:id',
    params: IdParams,
    response: StatusResponse,
    access: write,
    tags,
  }),
  uploadPermanent: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/trailers/permanent/upload',
    body: TrailerUploadBody,
    bodyKind: 'multipart',
    response: UploadResult,
    access: write,
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/trailers/:id',
    params: IdParams,
    response: StatusResponse,
    access: write,
    tags,
  }),
};
