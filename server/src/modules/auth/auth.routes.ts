import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes, type RouteExtras } from '../../lib/routes';
import { requirePrincipal, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../plugins/access';
import type { AuthService } from './auth.service';

// The JWT only names the session; the session's lifetime is decided server-side (idle expiry,
// logout). The token itself expires after a working day so a leaked one cannot live for ever.
const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

// Signs the JWT that names a new session and sets it as the session cookie; returns it for API
// clients (Bearer). A display's session (display-tokens module) asks for a longer lifetime.
export function startSessionCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  session: { sessionId: string; userId: number },
  lifetimeSeconds = TOKEN_LIFETIME_SECONDS,
): string {
  const token = app.jwt.sign({ sid: session.sessionId, uid: session.userId }, { expiresIn: lifetimeSeconds });
  const secure = request.protocol === 'https';
  reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: lifetimeSeconds,
  });
  return token;
}

function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SECURE_SESSION_COOKIE, { path: '/', secure: true });
}

// The auth calls of the catalogue (contracts/src/api/routes/auth.ts).
export async function authRoutes(
  app: FastifyInstance,
  {
    auth,
    databaseKind,
    version,
    loginLimit,
  }: {
    auth: AuthService;
    databaseKind: 'pglite' | 'postgres';
    version: string;
    // The sign-in's rate limit per client (lib/public-limits.ts: clientLimit).
    loginLimit: RouteExtras;
  },
) {
  const startedAt = Date.now();

  // Ends the session if there is one. POST is the logout; the GET of the spec's call catalogue
  // stays for its clients, under the same Origin check as any change (`changesState`), so another
  // site cannot sign a user out.
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = await app.optionalPrincipal(request);
    if (principal) await auth.logout(principal.sessionId);
    clearSessionCookies(reply);
    return { responsestatus: 'loggedOut' };
  };

  registerRoutes(
    app,
    routes.auth,
    {
      login: async (request, reply) => {
        const { sessionId, userId } = await auth.login(request.body.username, request.body.password, {
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        });
        const token = startSessionCookie(app, request, reply, { sessionId, userId });
        const principal = await auth.authenticate(sessionId, userId);
        request.log.info({ userId, sessionId }, 'login');
        return { ...auth.userInfo(principal), token };
      },
      user: (request) => auth.userInfo(requirePrincipal(request)),
      logout,
      logoutGet: logout,
      health: async (request) => {
        const principal = await app.optionalPrincipal(request);
        return {
          status: 'ok' as const,
          version,
          database: databaseKind,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          ...(principal
            ? {
                role: principal.role,
                userName: principal.username,
                landingPage: principal.landingPage,
                permissions: principal.permissions,
              }
            : {}),
        };
      },
    },
    { login: loginLimit },
  );
}
