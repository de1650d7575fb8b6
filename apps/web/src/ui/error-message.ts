import i18next, { type TFunction } from 'i18next';
import { INVALID_CREDENTIALS_MESSAGE, type ErrorCode } from '@tolk/shared/error-codes';
import { HttpError } from '../lib/http-error';

type Known = { key: string; values?: Record<string, string | number> };

/**
 * What the server says, in English, mapped to the reader's language. The server's words are the
 * product's English texts (auth.service.ts, conversations.service.ts, uploads.routes.ts): exact
 * sentences first, then the ones that carry a number or a name.
 */
const KNOWN_MESSAGES: Record<string, string> = {
  [INVALID_CREDENTIALS_MESSAGE]: 'auth.invalidCredentials',
  'This username is taken.': 'errors.usernameTaken',
  'This password is too common. Choose one that is harder to guess.': 'errors.passwordTooCommon',
  'The current password is not correct.': 'errors.currentPasswordWrong',
  'The new password must differ from the current one.': 'errors.passwordUnchanged',
  'Your account no longer exists.': 'errors.accountGone',
  'Sign in to continue.': 'errors.unauthorized',
  'You are not allowed to do that.': 'errors.forbidden',
  'Write something first.': 'errors.writeSomething',
  'Add someone other than yourself.': 'errors.addSomeoneElse',
  'Choose a photo.': 'errors.choosePhoto',
  'Only JPEG, PNG and WebP photos are accepted.': 'errors.photoType',
  'This photo could not be read.': 'errors.photoUnreadable',
  'Some fields are missing or invalid.': 'errors.invalidFields',
};

const KNOWN_PATTERNS: { pattern: RegExp; known: (match: RegExpMatchArray) => Known }[] = [
  {
    pattern: /^(?:Texts may be at most|Guests can send up to) (\d+) characters/,
    known: (match) => ({ key: 'validation.maxChars', values: { count: Number(match[1]) } }),
  },
  {
    pattern: /^No member is called (.+)\.$/,
    known: (match) => ({ key: 'errors.noSuchMember', values: { names: match[1] ?? '' } }),
  },
  {
    pattern: /^Photos can be up to (\d+) MB\.$/,
    known: (match) => ({ key: 'errors.photoTooLarge', values: { size: Number(match[1]) } }),
  },
];

/** Every code has a sentence of its own, for messages the table above does not know. */
const CODE_KEYS: Record<ErrorCode, string> = {
  bad_request: 'errors.badRequest',
  validation_failed: 'errors.invalidFields',
  unauthorized: 'errors.unauthorized',
  forbidden: 'errors.forbidden',
  not_found: 'errors.notFound',
  conflict: 'errors.conflict',
  gone: 'errors.gone',
  payload_too_large: 'errors.tooLarge',
  unsupported_media_type: 'errors.unsupportedMedia',
  rate_limited: 'errors.rateLimited',
  unavailable: 'errors.unavailable',
  internal: 'errors.unexpected',
};

export function knownServerMessage(message: string): Known | undefined {
  const key = KNOWN_MESSAGES[message];
  if (key) return { key };
  for (const { pattern, known } of KNOWN_PATTERNS) {
    const match = message.match(pattern);
    if (match) return known(match);
  }
  return undefined;
}

/** The server writes English: an English reader may read an unknown sentence as it is. */
const readsEnglish = () => (i18next.resolvedLanguage ?? i18next.language) === 'en';

/**
 * A field problem the server found, in the reader's language: a known sentence by its key, an
 * unknown one as written for English readers and as a plain "check this field" for the others.
 */
export function serverFieldMessage(message: string): string {
  const known = knownServerMessage(message);
  if (known) return i18next.t(known.key, known.values);
  return readsEnglish() ? message : i18next.t('errors.invalidField');
}

/** A failure in the reader's language; the server's own words only when nothing else fits. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof HttpError)) return t('errors.unexpected');
  if (error.code === 'network') return t('errors.network');
  if (error.code === 'rate_limited') return t('errors.rateLimited', { seconds: error.retryAfterSeconds ?? 60 });
  if (error.code === 'internal') return t('errors.unexpected');
  const known = knownServerMessage(error.message);
  if (known) return t(known.key, known.values);
  return readsEnglish() && error.message ? error.message : t(CODE_KEYS[error.code]);
}
