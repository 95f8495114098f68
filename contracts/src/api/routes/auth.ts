import { LoginBody, LoginResponse, UserInfo } from '../../auth';
import { StatusResponse } from '../../common';
import { Health, Metadata } from '../../metadata';
import { defineRoute } from '../route';

// Signing in and out, the current user and health (auth module); the bootstrap metadata (spec 1 §2).
const tags = ['session'];

export const auth = {
  // Rate limited per address by the server (its own refusal words).
  login: defineRoute({
    method: 'POST',
    path: '/rest/login',
    body: LoginBody,
    response: LoginResponse,
    access: { public: true },
    tags,
  }),
  user: defineRoute({ method: 'GET', path: '/rest/user', response: UserInfo, access: { self: true }, tags }),
  // Public so that an expired session can still be cleared; it ends the session if there is one.
  logout: defineRoute({
    method: 'POST',
    path: '/rest/user/logout',
    response: StatusResponse,
    access: { public: true },
    tags,
  }),
  // The GET of the spec's call catalogue, kept for its clients under the Origin check of a change.
  logoutGet: defineRoute({
    method: 'GET',
    path: '/rest/user/logout',
    response: StatusResponse,
    access: { public: true },
    changesState: true,
    tags,
  }),
  // With a session it also names the user, role, landing page and permissions.
  health: defineRoute({ method: 'GET', path: '/rest/health', response: Health, access: { public: true }, tags }),
};

export const metadata = {
  // Loaded at bootstrap before login; it holds no secrets.
  get: defineRoute({ method: 'GET', path: '/rest/metadata', response: Metadata, access: { public: true }, tags }),
};
