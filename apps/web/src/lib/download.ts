import { httpClient } from './http';

/** A file the app downloaded, and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The name the server gives the file (`attachment; filename="tolk-places-2026-05-01.csv"`). */
export function filenameOf(disposition: unknown): string | undefined {
  if (typeof disposition !== 'string') return undefined;
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

/**
 * A file from the API through the app's HTTP client, so the session's token goes with it as with
 * every other call (a plain link would rely on the cookie alone).
 */
export async function downloadFile(
  url: string,
  params: Record<string, string>,
  fallbackName: string,
): Promise<DownloadedFile> {
  const response = await (await httpClient()).get<Blob>(url, { params, responseType: 'blob' });
  return { blob: response.data, filename: filenameOf(response.headers['content-disposition']) ?? fallbackName };
}

/** Hands a file the app downloaded to the browser, as if a link to it had been followed. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}
