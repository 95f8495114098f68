import { Metadata } from '../../metadata';
import { defineRoute } from '../route';

export const metadata = {
  // Public: loaded at bootstrap before login (spec 1 §2); it holds no secrets.
  get: defineRoute({
    method: 'GET',
    path: '/rest/metadata',
    response: Metadata,
    access: { public: true },
    tags: ['session'],
  }),
};
