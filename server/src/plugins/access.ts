import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
// The request and reply decorations of @fastify/cookie and @fastify/jwt (registered by app.ts).
import type {} from '@fastify/cookie';
import type {} from '@fastify/jwt';
import {
  isAllowed,
  isPublicAccess,
  isReadOnlyPrincipal,
  type Access,
  type FeatureFlags,
  type FeatureKey,
} from '@openyard/contracts';
import { AppError, forbidden, unauthenticated } from '../errors';
import { messages } from '@openyard/contracts';
import type { AuthService } from '../modules/auth';
import type { Principal } from '../modules/auth';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

interface SessionClaims {
  sid: string;
  uid: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    // A GET that changes state (the spec's logout): checked for Origin like a POST.
    changesState?: boolean;
    // The feature switch the route needs (the key the menu uses); off → refused before anything else.
    feature?: FeatureKey;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    routeTable: RouteEntry[];
    optionalPrincipal(request: FastifyRequest): Promise<Principal | null>;
  }
}

export const SESSION_COOKIE = 'openyard_session';
// Over TLS the cookie gets the __Host- prefix: Secure, path /, no Domain, so no subdomain can plant one.
export const SECURE_SESSION_COOKIE = '__Host-openyard_session';

// Routes that plugins add (OpenAPI pages, static web files) are public; every other route must
// declare its access, or the app refuses to start.
const INFRASTRUCTURE_PREFIXES = ['/docs', '/*', '/assets/'];

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const changesState = (request: FastifyRequest) =>
  STATE_CHANGING.has(request.method) || request.routeOptions.config.changesState === true;

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

function readCredentials(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7), via: 'bearer' };
  const cookie = request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

function pagePathOf(request: FastifyRequest): string | undefined {
  const value = request.headers.pagepath;
  return typeof value === 'string' && value.startsWith('/') && value.length <= 200 ? value : undefined;
}

// A switched-off feature's refusal: the smart gate has words of its own (spec 2 §8).
export function featureRefusal(feature: FeatureKey): AppError {
  return new AppError(
    403,
    'LOCKED_FEATURE',
    feature === 'smartGateEnabled' ? messages.smartGateDisabled : messages.lockedFeature,
  );
}

export const accessPlugin = fp<{ auth: AuthService; allowedOrigins: readonly string[]; features: FeatureFlags }>(
  async (app: FastifyInstance, { auth, allowedOrigins, features }) => {
    app.decorateRequest('principal', null);
    app.decorate('routeTable', [] as RouteEntry[]);

    app.addHook('onRoute', (route) => {
      const access =
        route.config?.access ??
        (INFRASTRUCTURE_PREFIXES.some((prefix) => route.url.startsWith(prefix))
          ? { public: true as const }
          : undefined);
      if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
      route.config = { ...route.config, access };
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access });
      }
    });

    async function principalFrom(request: FastifyRequest, token: string): Promise<Principal> {
      let claims: SessionClaims;
      try {
        claims = app.jwt.verify<SessionClaims>(token);
      } catch {
        throw unauthenticated();
      }
      // Only this server signs, but a token of another version (or key rotation gone wrong) must
      // still be a 401, not a query with a missing session id.
      if (typeof claims.sid !== 'string' || !SESSION_ID.test(claims.sid) || !Number.isSafeInteger(claims.uid))
        throw unauthenticated();
      return auth.authenticate(claims.sid, claims.uid);
    }

    // A cross-site page can make a browser send the cookie but cannot forge Origin: state-changing
    // requests that ride on the cookie must come from this site. Bearer tokens are not sent by
    // browsers on their own, so API clients need no Origin.
    function checkOrigin(request: FastifyRequest, via: 'bearer' | 'cookie' | undefined) {
      if (!changesState(request) || via === 'bearer') return;
      const origin = request.headers.origin;
      const own = `${request.protocol}://${request.host}`;
      if (origin) {
        if (origin !== own && !allowedOrigins.includes(origin))
          throw new AppError(403, 'CROSS_SITE', messages.crossSiteRequest);
        return;
      }
      if (via === 'cookie' && request.headers['sec-fetch-site'] !== 'same-origin') {
        throw new AppError(403, 'CROSS_SITE', messages.crossSiteRequest);
      }
    }

    app.decorate('optionalPrincipal', async (request: FastifyRequest) => {
      const credentials = readCredentials(request);
      if (!credentials) return null;
      try {
        return await principalFrom(request, credentials.token);
      } catch {
        return null;
      }
    });

    app.addHook('onRequest', async (request) => {
      const pagePath = pagePathOf(request);
      if (pagePath) request.log = request.log.child({ pagePath });
      const access = request.routeOptions.config.access;
      if (!access) return; // no route matched: the not-found handler answers
      // Feature switches are checked here and nowhere else.
      const feature = request.routeOptions.config.feature;
      if (feature && !features[feature]) throw featureRefusal(feature);
      const credentials = readCredentials(request);
      checkOrigin(request, credentials?.via);
      if (isPublicAccess(access)) return;
      if (!credentials) throw unauthenticated();
      const principal = await principalFrom(request, credentials.token);
      request.principal = principal;
      if (!isAllowed(access, principal, pagePath)) throw forbidden();
      // A display changes nothing, whatever its role was granted (issue 18).
      if (isReadOnlyPrincipal(principal) && changesState(request)) throw forbidden();
    });
  },
  { name: 'access', dependencies: ['@fastify/jwt', '@fastify/cookie'] },
);
