import type { FastifyInstance } from 'fastify';
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
import { routes } from '../../http/routes';
import type { ReportsService } from './reports.service';

/** Reporting a profile, a trip or a muse; the superadmins' queue. */
export async function reportsRoutes(
  app: FastifyInstance,
  options: { service: ReportsService; reportLimit: { max: number; timeWindow: number } },
) {
  const { service } = options;
  const route = routes(app, {
    tags: ['reports'],
    errors: errorResponses(400, 401, 403, 404, 429),
    config: { auth: 'required' },
    actor: callerOf,
  });

  route.post('/reports', {
    summary: 'Report a profile, a trip or a muse I can see',
    body: reportInputSchema,
    response: { 201: z.object({ id: z.uuid() }) },
    config: { rateLimit: options.reportLimit },
    handler: (caller, { body }) => service.file(caller, body),
  });

  route.get('/reports', {
    summary: 'The report queue (superadmins)',
    querystring: reportsQuerySchema,
    response: { 200: reportsSchema },
    handler: (caller, { query }) => service.queue(caller, query.state),
  });

  route.post('/reports/:id/resolve', {
    summary: 'Dismiss a report, or suspend the account it is about (superadmins)',
    params: idParamsSchema,
    body: resolveReportInputSchema,
    response: { 200: okSchema },
    handler: (caller, { params, body }) => service.resolve(caller, params.id, body.action),
  });
}
