import { Type } from 'typebox';
import { LoginResponse } from '../../auth';
import { IdParams } from '../../common';
import { DisplaySessionBody, DisplayToken, DisplayTokenCreate, DisplayTokenCreated } from '../../display-tokens';
import { defineRoute } from '../route';

// Display tokens are made and revoked where users are managed (admin and superadmin, spec 3 §6);
// a display exchanges its token for a session without a password (rate limited per address).
const read = { flag: 'usersVisible', roles: ['admin', 'superadmin'] } as const;
const write = { ...read, write: true, screen: '/users' } as const;
const tags = ['display tokens'];

export const displayTokens = {
  list: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/display-tokens',
    response: Type.Array(DisplayToken),
    access: read,
    tags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/display-tokens',
    body: DisplayTokenCreate,
    response: DisplayTokenCreated,
    access: write,
    tags,
    summary: 'A new display token: the answer is the only time the token is shown',
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/rest/enterprise/display-tokens/:id',
    params: IdParams,
    response: DisplayToken,
    access: write,
    tags,
    summary: "Revokes the token: the display's session and live connection end",
  }),
  session: defineRoute({
    method: 'POST',
    path: '/rest/display/session',
    body: DisplaySessionBody,
    response: LoginResponse,
    access: { public: true },
    tags,
    summary: "A display's sign-in: its token for a session cookie (and a bearer token)",
  }),
};
