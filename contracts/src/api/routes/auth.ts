import { Health } from '../../metadata';
import { LoginBody, LoginResponse, UserInfo } from '../../auth';
import { StatusResponse } from '../../common';
import { defineRoute } from '../route';

// The session (spec 1 §2, §7): login and logout are public (logout so that an expired session can
// still be cleared), the current user needs a session. The server limits logins per address.
const tags = ['session'];

export const auth = {
  login: defineRoute({
    method: 'POST',
    path: '/rest/login',
    body: LoginBody,
    response: LoginResponse,
    access: { public: true },
    tags,
  }),
  user: defineRoute({
    method: 'GET',
    path: '/rest/user',
    response: UserInfo,
    access: {},
    tags,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/rest/user/logout',
    response: StatusResponse,
    access: { public: true },
    tags,
  }),
  // The GET of the spec's call catalogue, kept for its clients under the same Origin check as a change.
  logoutGet: defineRoute({
    method: 'GET',
    path: '/rest/user/logout',
    response: StatusResponse,
    access: { public: true },
    changesState: true,
    tags,
  }),
  health: defineRoute({
    method: 'GET',
    path: '/rest/health',
    response: Health,
    access: { public: true },
    tags,
  }),
};
