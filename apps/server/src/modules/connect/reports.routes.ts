import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import { okSchema } from '@tolk/shared/schemas/auth';
import {
  reportInputSchema,
  reportsQuerySchema,
  reportsSchema,
  resolveReportInputSchema,
} from '@tolk/shared/schemas/connect';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { operations } from '../../http/operations';
import type { ReportsService } from './reports.service';

/** Reporting a profile, a trip or a muse; the superadmins' queue. */
export async function reportsRoutes(
  app: FastifyInstance,
  options: { service: ReportsService; reportLimit: { max: number; timeWindow: number } },
) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operation = operations({
    tags: ['reports'],
    errors: errorResponses(400, 401, 403, 404, 429),
    config: { auth: 'required' },
  });

  r.post(
    '/reports',
    operation(
      {
        summary: 'Report a profile, a trip or a muse I can see',
        body: reportInputSchema,
        response: { 201: z.object({ id: z.uuid() }) },
      },
      { rateLimit: options.reportLimit },
    ),
    async (request, reply) => reply.code(201).send(await service.file(callerOf(request), request.body)),
  );

  r.get(
    '/reports',
    operation({
      summary: 'The report queue (superadmins)',
      querystring: reportsQuerySchema,
      response: { 200: reportsSchema },
    }),
    async (request) => service.queue(callerOf(request), request.query.state),
  );

  r.post(
    '/reports/:id/resolve',
    operation({
      summary: 'Dismiss a report, or suspend the account it is about (superadmins)',
      params: idParamsSchema,
      body: resolveReportInputSchema,
      response: { 200: okSchema },
    }),
    async (request) => service.resolve(callerOf(request), request.params.id, request.body.action),
  );
}
