import { infiniteQueryOptions, useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { LEDGER_PAGE_SIZE, type Statement } from '@tolk/shared/schemas/ledger';
import { downloadFile, type DownloadedFile } from '../../../lib/download';
import { get } from '../../../lib/http';

const statementPath = (ledgerAccountId: string) =>
  `/ledger/accounts/${encodeURIComponent(ledgerAccountId)}/transactions`;

/** GET /api/ledger/accounts/{id}/transactions: a page of a ledger account's entries, newest first. */
export const listTransactions = (ledgerAccountId: string, cursor: string | undefined, signal?: AbortSignal) =>
  get<Statement>(statementPath(ledgerAccountId), {
    params: { limit: LEDGER_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    signal,
  });

export const transactionsQuery = (ledgerAccountId: string) =>
  infiniteQueryOptions({
    queryKey: ['ledger', 'transactions', ledgerAccountId] as const,
    queryFn: ({ pageParam, signal }) => listTransactions(ledgerAccountId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Statement) => last.nextCursor ?? undefined,
  });

/** The same with format=csv: every entry, oldest first, as a spreadsheet file. */
export function exportTransactions(ledgerAccountId: string, currency: string): Promise<DownloadedFile> {
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile(statementPath(ledgerAccountId), { format: 'csv' }, `tolk-ledger-${currency}-${day}.csv`);
}

/** Downloads a ledger account's statement as a file (saving it is the screen's part). */
export function useExportTransactions(
  ledgerAccountId: string,
  currency: string,
  options: Omit<UseMutationOptions<DownloadedFile>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: () => exportTransactions(ledgerAccountId, currency) });
}
