import { Type } from 'typebox';
import { defineRoute } from '../route';

// A file made by an export call (the ExportResponse's link): any logged-in user may ask, the
// server hands it only to the user who made the export. The answer is the file's bytes.
export const exportFiles = {
  download: defineRoute({
    method: 'GET',
    path: '/rest/exports/:token/:fileName',
    params: Type.Object({ token: Type.String({ maxLength: 36 }), fileName: Type.String({ maxLength: 200 }) }),
    response: Type.Unsafe<ArrayBuffer>({ type: 'string', format: 'binary' }),
    responseKind: 'bytes',
    access: {},
    tags: ['exports'],
  }),
};
