import { paths } from '../../lib/paths';

/** Only paths on this site: never `//evil.example` or an absolute URL. */
export function safeReturnTo(value: string | null, fallback: string = paths.profile): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
