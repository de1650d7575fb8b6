import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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

export interface ReportsRoutesOptions {
  service: ReportsService;
  /** How many reports a member may file per window. */
  reportLimit: { max: number; timeWindow: number };
}

/** Reporting a profile, a trip or a muse; the superadmins' queue. */
export async function reportsRoutes(app: FastifyInstance, { service, reportLimit }: ReportsRoutesOptions) {
  const route = routes(app, {
    tags: ['reports'],
    errors: errorResponses(400, 401, 403, 404, 429),
    actor: callerOf,
  });

  route('POST /reports', {
    summary: 'Report a profile, a trip or a muse I can see',
    body: reportInputSchema,
    response: { 201: z.object({ id: z.uuid() }) },
    config: { rateLimit: reportLimit },
    handler: (caller, { body }) => service.file(caller, body),
  });

  route('GET /reports', {
    summary: 'The report queue (superadmins)',
    querystring: reportsQuerySchema,
    response: { 200: reportsSchema },
    handler: (caller, { query }) => service.queue(caller, query.state),
  });

  route('POST /reports/:id/resolve', {
    summary: 'Dismiss a report, or suspend the account it is about (superadmins)',
    body: resolveReportInputSchema,
    response: { 200: okSchema },
    handler: (caller, { params, body }) => service.resolve(caller, params.id, body.action),
  });
}
