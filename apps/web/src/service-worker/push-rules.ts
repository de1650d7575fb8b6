/*
 * What the service worker (sw.ts) shows for a push and opens on a tap. Plain functions, so the
 * tests check them without a worker. The server words each push in the member's language
 * (PushPayload in packages/shared); the worker only shows it.
 */

export interface ShownNotification {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; lang?: string; data: { link: string } };
}

const ICON = '/icons/icon-192.png';
const FALLBACK_LINK = '/notifications';

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/**
 * The notification for a push's text. One that is not Tolk's shape (a push service's test
 * message, a payload cut short) still shows, as "Tolk" opening the notifications screen: a push
 * that shows nothing gets the site's pushes throttled by the browser.
 */
export function shownNotification(data: string | undefined, origin: string): ShownNotification {
  let payload: Record<string, unknown> = {};
  try {
    const parsed: unknown = data ? JSON.parse(data) : {};
    if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: shown as a plain Tolk notification.
  }
  const title = text(payload.title, 200) || 'Tolk';
  return {
    title,
    options: {
      body: text(payload.body, 500),
      // One per conversation or order on the device: a newer one replaces it.
      tag: text(payload.tag, 200) || 'tolk',
      icon: ICON,
      badge: ICON,
      data: { link: appLink(payload.link, origin) },
    },
  };
}

/** A link a notification may open: a path of this app, never another site. */
export function appLink(link: unknown, origin: string): string {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return FALLBACK_LINK;
  const url = new URL(link, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : FALLBACK_LINK;
}
