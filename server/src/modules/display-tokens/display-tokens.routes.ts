import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes, type RouteExtras } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import { startSessionCookie, type AuthService } from '../auth';
import type { DisplayTokensService } from './display-tokens.service';

// A display's cookie (and JWT) lasts as long as the sessions' purge keeps an unused session, 30
// days: the session itself never goes idle (auth's neverIdles) and ends when its token is revoked.
// Should it end otherwise (the purge, a new JWT secret), the wall asks for a new one with its token.
const DISPLAY_SESSION_SECONDS = 30 * 24 * 60 * 60;

// The display-token calls of the catalogue (contracts/src/api/routes/display-tokens.ts).
export async function displayTokensRoutes(
  app: FastifyInstance,
  {
    displayTokens,
    auth,
    exchangeLimit,
  }: { displayTokens: DisplayTokensService; auth: AuthService; exchangeLimit: RouteExtras },
) {
  registerRoutes(
    app,
    routes.displayTokens,
    {
      list: () => displayTokens.list(),
      create: (request) => displayTokens.create(request.body, requirePrincipal(request)),
      revoke: (request) => displayTokens.revoke(request.params.id),
      session: async (request, reply) => {
        const session = await displayTokens.exchange(request.body.token, {
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        });
        const token = startSessionCookie(app, request, reply, session, DISPLAY_SESSION_SECONDS);
        const principal = await auth.authenticate(session.sessionId, session.userId);
        request.log.info({ userId: session.userId, sessionId: session.sessionId }, 'display session');
        return { ...auth.userInfo(principal), token };
      },
    },
    // Guessing a 256-bit token is hopeless; the limit keeps anyone from trying at speed all the same.
    { session: exchangeLimit },
  );
}
