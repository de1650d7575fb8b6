import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { downloadFile, type DownloadedFile } from '../../../lib/download';
import type { RecordKind } from '../kinds';

/** Everything I keep as one JSON file, or one kind as a CSV sheet. */
export type RecordsExport = { format: 'json' } | { format: 'csv'; kind: RecordKind };

/** GET /api/records/export, named as the server names it (else by kind and day). */
export function exportRecords(request: RecordsExport): Promise<DownloadedFile> {
  const day = new Date().toISOString().slice(0, 10);
  const fallback = request.format === 'json' ? `tolk-records-${day}.json` : `tolk-${request.kind}-${day}.csv`;
  return downloadFile('/records/export', request, fallback);
}

/** Downloads the export as a file (saving it is the screen's part). */
export function useExportRecords(
  options: Omit<UseMutationOptions<DownloadedFile, Error, RecordsExport>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: exportRecords });
}
