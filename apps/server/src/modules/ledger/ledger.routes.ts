import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@tolk/shared/schemas/ids';
import {
  adjustmentInputSchema,
  balancesQuerySchema,
  balancesSchema,
  idempotencyHeadersSchema,
  ledgerIntegritySchema,
  reverseInputSchema,
  statementQuerySchema,
  statementSchema,
  systemBalancesSchema,
  transferResultSchema,
  type TransferResult,
} from '@tolk/shared/schemas/ledger';
import { fieldError } from '../../errors';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { LedgerService } from './ledger.service';

/** The key of a request that moves money: the Idempotency-Key header or the body's field, the same when both. */
function idempotencyKeyOf(header: string | undefined, field: string | undefined): string {
  if (header !== undefined && field !== undefined && header !== field) {
    throw fieldError('idempotencyKey', 'The Idempotency-Key header and the idempotencyKey field differ.');
  }
  const key = header ?? field;
  if (key === undefined) {
    throw fieldError('idempotencyKey', 'Send an Idempotency-Key header or an idempotencyKey field.');
  }
  return key;
}

/** 201 for a transfer just posted, 200 for the first one found again under its key. */
const sendTransfer = (reply: FastifyReply, result: TransferResult) =>
  reply.status(result.replayed ? 200 : 201).send(result);

/** Balances and statements (members: their own; superadmins: any), and superadmins' adjustments and reversals. */
export async function ledgerRoutes(app: FastifyInstance, { service }: { service: LedgerService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ledger'];
  const config = { auth: 'required' as const };
  const errors = errorResponses(400, 401, 403, 404);

  r.get(
    '/ledger/balances',
    {
      schema: {
        tags,
        summary: "My balances per currency; superadmins: another member's with accountId",
        querystring: balancesQuerySchema,
        response: { 200: balancesSchema, ...errors },
      },
      config,
    },
    async (request) => service.balances(callerOf(request), request.query.accountId),
  );

  r.get(
    '/ledger/system-accounts',
    {
      schema: {
        tags,
        summary: "The platform's own ledger accounts and balances (superadmins)",
        response: { 200: systemBalancesSchema, ...errors },
      },
      config,
    },
    async (request) => service.systemBalances(callerOf(request)),
  );

  r.get(
    '/ledger/accounts/:id/transactions',
    {
      schema: {
        tags,
        summary:
          "A ledger account's entries, newest first with running balances, a page at a time; format=csv: all of them as a file, oldest first (members: their own; superadmins: any)",
        params: idParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: z.union([statementSchema, z.string()]), ...errors },
      },
      config,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { format, ...page } = request.query;
      if (format === 'json') return service.statement(caller, request.params.id, page);
      const { csv, filename } = await service.statementCsv(caller, request.params.id);
      void reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
      return csv;
    },
  );

  r.post(
    '/ledger/adjustments',
    {
      schema: {
        tags,
        summary:
          'Move money by hand between two ledger accounts, e.g. fund a member from the sandbox funding account (superadmins; idempotent on its key: a retry answers 200 with the first transfer)',
        headers: idempotencyHeadersSchema,
        body: adjustmentInputSchema,
        response: { 200: transferResultSchema, 201: transferResultSchema, ...errorResponses(409), ...errors },
      },
      config,
    },
    async (request, reply) => {
      const { idempotencyKey, ...input } = request.body;
      const key = idempotencyKeyOf(request.headers['idempotency-key'], idempotencyKey);
      return sendTransfer(reply, await service.adjust(callerOf(request), input, key));
    },
  );

  r.post(
    '/ledger/transfers/:id/reverse',
    {
      schema: {
        tags,
        summary: 'Reverse a transfer with the opposite one, linked to it; once per transfer (superadmins; idempotent)',
        params: idParamsSchema,
        headers: idempotencyHeadersSchema,
        body: reverseInputSchema,
        response: { 200: transferResultSchema, 201: transferResultSchema, ...errorResponses(409), ...errors },
      },
      config,
    },
    async (request, reply) => {
      const { idempotencyKey, ...input } = request.body;
      const key = idempotencyKeyOf(request.headers['idempotency-key'], idempotencyKey);
      return sendTransfer(reply, await service.reverseByHand(callerOf(request), request.params.id, input, key));
    },
  );

  r.get(
    '/ledger/integrity',
    {
      schema: {
        tags,
        summary: "The ledger's invariants checked over every row (superadmins)",
        response: { 200: ledgerIntegritySchema, ...errors },
      },
      config,
    },
    async (request) => {
      service.superAdminOnly(callerOf(request));
      return service.integrity();
    },
  );
}
