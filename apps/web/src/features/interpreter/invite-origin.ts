import type { InviteOrigins } from '@tolk/shared/schemas/plazas';

/** localhost, 127.x.x.x and [::1]: addresses only this machine itself can open. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

export interface InviteOriginChoice {
  /** Addresses the link can start with, the one to use first. */
  origins: string[];
  /** lan: the page is on loopback and other phones need a LAN address; none: there is none. */
  note: 'lan' | 'none' | null;
}

/**
 * Where an invite link should point so that another phone can open it: the configured public
 * URL; else, on a page this machine opened as localhost, its LAN addresses; else the page's own.
 */
export function inviteOrigins(page: URL, known: InviteOrigins | undefined): InviteOriginChoice {
  if (known?.publicUrl) return { origins: [known.publicUrl], note: null };
  if (!isLoopbackHost(page.hostname)) return { origins: [page.origin], note: null };
  const lan = known?.lanOrigins ?? [];
  return lan.length ? { origins: lan, note: 'lan' } : { origins: [page.origin], note: known ? 'none' : null };
}
