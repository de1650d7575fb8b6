import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import { things } from '../../db/schema/things';
import { seenBy } from '../reach';
import { createReaderTexts, type TranslationService } from '../translation';
import { createReferencesAdmin, type ReferencesAdmin } from './references-admin';
import { createReferencesRepository } from './references.repository';
import { referencesRoutes } from './references.routes';
import { createReferencesService, type ReferencesService } from './references.service';
import { createReferenceReminders, type ReferenceReminders } from './reminders';

declare module 'fastify' {
  interface FastifyInstance {
    /** References: counts for discovery, reports of one (connect's moderation queue). */
    references: ReferencesService & { admin: ReferencesAdmin; reminders: ReferenceReminders };
  }
}

export interface ReferencesOptions {
  /** The clock every rule reads (tests move it). */
  now?: () => Date;
  /** How often reminders are looked for; 0: only when asked (tests). */
  remindEveryMs?: number;
}

/** References between members who met or traded, at /api/references. */
export const referencesPlugin = fp(
  async (app: FastifyInstance, options: ReferencesOptions) => {
    const now = options.now ?? (() => new Date());
    const repo = createReferencesRepository(app.db);
    const service = createReferencesService({
      repo,
      readerTexts: createReaderTexts(app.getDecorator<TranslationService>('translation')),
      reach: app.reach,
      notifications: app.notifications,
      thingSeen: async (viewer, thingId) => {
        const rows = await app.db
          .select({ id: things.id })
          .from(things)
          .where(
            and(eq(things.id, thingId), eq(things.tenantId, viewer.tenantId), sql`${seenBy(viewer, things.ownerId)}`),
          );
        return rows.length > 0;
      },
      now,
    });
    const admin = createReferencesAdmin({ db: app.db, repo, reach: app.reach, auditIn: app.accounts.auditIn, now });
    const reminders = createReferenceReminders({
      db: app.db,
      outbox: app.outbox,
      notifications: app.notifications,
      now,
      everyMs: options.remindEveryMs ?? 60 * 60_000,
    });
    await reminders.start();
    app.decorate('references', { ...service, admin, reminders });
    await app.register(referencesRoutes, { prefix: '/api', service, admin });
  },
  {
    name: 'references',
    dependencies: ['db', 'auth', 'outbox', 'accounts', 'reach', 'notifications', 'translation'],
    decorators: { fastify: ['outbox', 'reach', 'notifications', 'accounts'] },
  },
);
