import type { TFunction } from 'i18next';
import type { Plaza } from '@tolk/shared/schemas/plazas';
import { endonym } from '../../lib/language-names';

export interface TimeLeft {
  unit: 'hours' | 'minutes';
  count: number;
}

const MINUTE_MS = 60_000;

/** Hours while there are more than 59 minutes left, minutes after that; never "0". */
export function timeLeft(expiresAt: string, now: number): TimeLeft {
  const minutes = Math.max(1, Math.ceil((Date.parse(expiresAt) - now) / MINUTE_MS));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.max(1, Math.round(minutes / 60)) };
}

export type ExpiryNotice =
  | { key: 'interpreter.memberNotice' }
  | {
      key: 'interpreter.guestExpiresIn' | 'interpreter.guestAccessEndsIn' | 'interpreter.plazaExpiresIn';
      left: TimeLeft;
    };

/**
 * What this viewer is told about the plaza's life: a member's kept plaza stays in their
 * history; a guest's plaza goes with everything in it; a guest in a member's plaza loses only
 * their own access, when their token runs out.
 */
export function expiryNotice(plaza: Pick<Plaza, 'guest' | 'expiry' | 'expiresAt'>, now: number): ExpiryNotice {
  if (plaza.expiry === 'none' || !plaza.expiresAt) return { key: 'interpreter.memberNotice' };
  const left = timeLeft(plaza.expiresAt, now);
  if (plaza.expiry === 'access') return { key: 'interpreter.guestAccessEndsIn', left };
  return { key: plaza.guest ? 'interpreter.guestExpiresIn' : 'interpreter.plazaExpiresIn', left };
}

/** The title the server gives an unnamed plaza; shown as the two language names instead. */
export const isDefaultTitle = (plaza: Pick<Plaza, 'name' | 'userLanguage' | 'audienceLanguage'>) =>
  plaza.name === `${plaza.userLanguage.toUpperCase()} ⇄ ${plaza.audienceLanguage.toUpperCase()}`;

/** A plaza's title: its name, or its two languages by their own names while it has none. */
export const plazaTitle = (plaza: Pick<Plaza, 'name' | 'userLanguage' | 'audienceLanguage'>) =>
  plaza.name && !isDefaultTitle(plaza)
    ? plaza.name
    : `${endonym(plaza.userLanguage)} – ${endonym(plaza.audienceLanguage)}`;

/** The expiry notice in words, in the reader's language. */
export function expiryText(notice: ExpiryNotice, t: TFunction): string {
  if (notice.key === 'interpreter.memberNotice') return t(notice.key);
  const unit = notice.left.unit === 'hours' ? 'interpreter.timeHours' : 'interpreter.timeMinutes';
  return t(notice.key, { time: t(unit, { count: notice.left.count }) });
}
