import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GuestCaller } from '../../plugins/auth';
import { createInterpreterRepository } from './interpreter.repository';
import { interpreterRoutes, plazaCallerResolver, type GuestLimits } from './interpreter.routes';
import { createPlazaTokens } from './plaza-tokens';
import { createPlazasService, type PlazaOptions } from './plazas.service';

/** The interpreter: saved pairs, plazas for guests and members, join codes, and the expiry sweep. */
export const interpreterPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      plaza: Omit<PlazaOptions, 'publicTenantId'>;
      limits: GuestLimits;
      /** TOLK_PUBLIC_URL: where invite links point when set. */
      publicUrl: string | undefined;
      sweepEveryMs?: number;
    },
  ) => {
    const repo = createInterpreterRepository(app.db);
    // Plaza tokens are signed with the server's secret, as sessions are.
    const tokens = createPlazaTokens(app.signing.secret);
    const plazas = createPlazasService({
      repo,
      muses: app.muses,
      tokens,
      storage: app.uploads.storage,
      uploads: app.uploads,
      log: app.log,
      options: { ...options.plaza, publicTenantId: () => app.accounts.publicTenantId() },
    });
    app.decorate('plazas', plazas);

    // A guest holding a plaza token, with the tenant of their plaza (for their photos).
    const plazaCaller = plazaCallerResolver(tokens);
    const guestOf = async (request: FastifyRequest) => {
      const caller = await plazaCaller(request);
      if (caller?.kind !== 'guest') return null;
      const member = await app.muses.findMember(caller.guestMemberId);
      const conversation =
        member && !member.leftAt ? await app.muses.findConversation(member.conversationId) : undefined;
      return conversation ? { ...caller, tenantId: conversation.tenantId } : null;
    };
    app.decorate('plazaGuestOf', guestOf);
    // A guest's photos: uploads asks here who a request's guest is.
    app.uploads.resolveGuestsWith(guestOf);

    // Guests connect their plaza's socket with the plaza token.
    app.realtime.addAuthenticator(async (token) => {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const member = await app.muses.findMember(claims.memberId);
      if (!member || member.leftAt || member.conversationId !== claims.conversationId) return null;
      return {
        kind: 'guest',
        accountId: null,
        guestMemberId: member.id,
        conversationId: member.conversationId,
        tenantId: null,
        username: '',
        displayName: member.displayName || (member.side === 'audience' ? 'audience' : 'host'),
        language: member.readingLanguage,
        superAdmin: false,
        expiresAt: claims.expiresAt,
      } satisfies GuestCaller;
    });

    await app.register(interpreterRoutes, {
      prefix: '/api',
      plazas,
      repo,
      tokens,
      limits: options.limits,
      publicUrl: options.publicUrl,
    });

    const sweep = () => {
      plazas.sweep().catch((error: unknown) => {
        app.log.error({ err: error }, 'plaza expiry sweep failed');
      });
    };
    const timer = setInterval(sweep, options.sweepEveryMs ?? 10 * 60_000);
    timer.unref();
    app.addHook('onReady', async () => {
      sweep();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });
  },
  {
    name: 'interpreter',
    dependencies: ['db', 'auth', 'realtime', 'accounts', 'uploads', 'muses'],
    decorators: { fastify: ['signing', 'realtime', 'accounts', 'uploads', 'muses'] },
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    plazas: ReturnType<typeof createPlazasService>;
    /** The plaza guest calling (by their plaza token), or null for anyone else. */
    plazaGuestOf: (request: FastifyRequest) => Promise<(GuestCaller & { tenantId: string }) | null>;
  }
}
