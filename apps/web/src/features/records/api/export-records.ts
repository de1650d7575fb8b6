import { http } from '../../../lib/http';
import type { RecordKind } from '../kinds';

/** Everything I keep as one JSON file, or one kind as a CSV sheet. */
export type RecordsExport = { format: 'json' } | { format: 'csv'; kind: RecordKind };

export interface ExportFile {
  blob: Blob;
  filename: string;
}

/** The name the server gives the file (`attachment; filename="tolk-places-2026-05-01.csv"`). */
export function filenameOf(disposition: unknown): string | undefined {
  if (typeof disposition !== 'string') return undefined;
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

/**
 * GET /api/records/export through the app's HTTP client, so the session's token goes with it as
 * with every other call (a plain link would rely on the cookie alone).
 */
export async function exportRecords(request: RecordsExport): Promise<ExportFile> {
  const response = await http.get<Blob>('/records/export', { params: request, responseType: 'blob' });
  const day = new Date().toISOString().slice(0, 10);
  const fallback = request.format === 'json' ? `tolk-records-${day}.json` : `tolk-${request.kind}-${day}.csv`;
  return { blob: response.data, filename: filenameOf(response.headers['content-disposition']) ?? fallback };
}
