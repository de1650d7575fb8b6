import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema, updateProfileInputSchema } from '@tolk/shared/schemas/profile';
import { notFound } from '../../errors';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { createProfilesService } from './profiles.service';

export async function profilesRoutes(app: FastifyInstance) {
  const profiles = createProfilesService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/profile',
    {
      schema: { tags: ['profile'], summary: 'My profile', response: { 200: profileSchema, ...errorResponses(401) } },
      config: { auth: 'required' },
    },
    async (request) => (await profiles.find(callerOf(request).accountId)) ?? Promise.reject(notFound('Profile')),
  );

  r.put(
    '/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update my profile (any subset of the fields)',
        body: updateProfileInputSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401) },
      },
      config: { auth: 'required' },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const updated = await profiles.update(accountId, request.body);
      if (!updated) throw notFound('Profile');
      // The name and language a caller carries come from the account: read afresh.
      app.accountChanged(accountId);
      return updated;
    },
  );
}
