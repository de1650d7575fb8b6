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
