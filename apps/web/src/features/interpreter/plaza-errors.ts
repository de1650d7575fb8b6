import { JOIN_CODE_LENGTH } from '@tolk/shared/limits';
import { HttpError } from '../../lib/http';

export type PlazaGone = 'ended' | 'expired' | 'missing';

/** Why a plaza cannot be opened: ended by its host, expired (guests' plazas do), or never existed. */
export function plazaGone(error: unknown): PlazaGone | undefined {
  if (!(error instanceof HttpError)) return undefined;
  if (error.status === 410) {
    const said = Object.values(error.fields).flat();
    return said.includes('ended') ? 'ended' : 'expired';
  }
  // A guest without a (valid) token is told the same as for an unknown id: ids cannot be probed.
  if (error.status === 404 || error.status === 401 || error.status === 403) return 'missing';
  return undefined;
}

/** Join-code failures in the reader's language (issue 6); undefined for anything else. */
export function joinCodeProblem(error: unknown, member = false): { key: string; seconds?: number } | undefined {
  if (!(error instanceof HttpError)) return undefined;
  if (error.status === 404) return { key: 'interpreter.codeInvalid' };
  // The language picked: the host's own, or not the one someone already joined in.
  if (error.status === 400 && error.fields.language) return { key: 'interpreter.languageIsHosts' };
  if (error.status === 409 && error.fields.language) return { key: 'interpreter.audienceTaken' };
  if (error.status === 410) {
    const said = error.fields.code ?? Object.values(error.fields).flat();
    return { key: said.includes('ended') ? 'interpreter.codeEnded' : 'interpreter.codeExpired' };
  }
  if (error.status === 429) {
    const key = member ? 'interpreter.memberLimitReached' : 'interpreter.limitReached';
    return { key, seconds: error.retryAfterSeconds ?? 60 };
  }
  return undefined;
}

/** Guests hit limits (texts, plazas, photos); the reader learns how long to wait. */
export function limitSeconds(error: unknown): number | undefined {
  return error instanceof HttpError && error.status === 429 ? (error.retryAfterSeconds ?? 60) : undefined;
}

/** Codes are read aloud and typed on phones: accept any case, spaces or dashes. */
export const normalizeJoinCode = (raw: string) =>
  raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, JOIN_CODE_LENGTH);
