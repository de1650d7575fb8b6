import i18next, { type TFunction } from 'i18next';
import type { ErrorCode } from '@tolk/shared/error-codes';
import {
  SERVER_MESSAGE_FORMS,
  SERVER_MESSAGES,
  type ServerMessage,
  type ServerMessageForm,
} from '@tolk/shared/server-messages';
import { HttpError } from '../lib/http-error';

type Known = { key: string; values?: Record<string, string | number> };

/** The interface key for each sentence the server may say (packages/shared/src/server-messages.ts). */
const MESSAGE_KEYS: Record<ServerMessage, string> = {
  invalidCredentials: 'auth.invalidCredentials',
  usernameTaken: 'errors.usernameTaken',
  passwordTooCommon: 'errors.passwordTooCommon',
  currentPasswordWrong: 'errors.currentPasswordWrong',
  passwordUnchanged: 'errors.passwordUnchanged',
  accountGone: 'errors.accountGone',
  unauthorized: 'errors.unauthorized',
  forbidden: 'errors.forbidden',
  writeSomething: 'errors.writeSomething',
  addSomeoneElse: 'errors.addSomeoneElse',
  connectionsOnly: 'errors.connectionsOnly',
  unreachable: 'errors.unreachable',
  textControls: 'errors.textControls',
  textUnicode: 'errors.textUnicode',
  inputNested: 'errors.inputNested',
  nameBidi: 'errors.nameBidi',
  nameInvisible: 'errors.nameInvisible',
  nameReserved: 'errors.nameReserved',
  accountSuspended: 'errors.accountSuspended',
  passwordChangeRequired: 'errors.passwordChangeRequired',
  insufficientFunds: 'errors.insufficientFunds',
  notACity: 'connect.trips.form.cityNotListed',
  departureBeforeArrival: 'connect.trips.form.departureBeforeArrival',
  choosePhoto: 'errors.choosePhoto',
  photoType: 'errors.photoType',
  photoUnreadable: 'errors.photoUnreadable',
  invalidFields: 'errors.invalidFields',
};

const KNOWN_MESSAGES = new Map(
  (Object.keys(MESSAGE_KEYS) as ServerMessage[]).map((name) => [SERVER_MESSAGES[name] as string, MESSAGE_KEYS[name]]),
);

/** Sentences with a value: the interface key and its values, from what the pattern read back. */
const FORM_KEYS: Record<ServerMessageForm, (value: string) => Known> = {
  textTooLong: (value) => ({ key: 'validation.maxChars', values: { count: Number(value) } }),
  guestTextTooLong: (value) => ({ key: 'validation.maxChars', values: { count: Number(value) } }),
  noSuchMember: (value) => ({ key: 'errors.noSuchMember', values: { names: value } }),
  photoTooLarge: (value) => ({ key: 'errors.photoTooLarge', values: { size: Number(value) } }),
};

/** Every code has a sentence of its own, for messages the table above does not know. */
const CODE_KEYS: Record<ErrorCode, string> = {
  bad_request: 'errors.badRequest',
  validation_failed: 'errors.invalidFields',
  unauthorized: 'errors.unauthorized',
  forbidden: 'errors.forbidden',
  password_change_required: 'errors.passwordChangeRequired',
  not_found: 'errors.notFound',
  conflict: 'errors.conflict',
  insufficient_funds: 'errors.insufficientFunds',
  gone: 'errors.gone',
  payload_too_large: 'errors.tooLarge',
  unsupported_media_type: 'errors.unsupportedMedia',
  rate_limited: 'errors.rateLimited',
  unavailable: 'errors.unavailable',
  internal: 'errors.unexpected',
};

export function knownServerMessage(message: string): Known | undefined {
  const key = KNOWN_MESSAGES.get(message);
  if (key) return { key };
  for (const name of Object.keys(FORM_KEYS) as ServerMessageForm[]) {
    const value = message.match(SERVER_MESSAGE_FORMS[name].pattern)?.[1];
    if (value !== undefined) return FORM_KEYS[name](value);
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
  if (error.code === 'rate_limited') {
    return t('errors.rateLimited', { duration: waitDuration(error.retryAfterSeconds ?? 60, i18next.language) });
  }
  if (error.code === 'internal') return t('errors.unexpected');
  const known = knownServerMessage(error.message);
  if (known) return t(known.key, known.values);
  return readsEnglish() && error.message ? error.message : t(CODE_KEYS[error.code]);
}

/**
 * A wait as people say it, in the reader's language: seconds under a minute and a half, minutes
 * under an hour and a half, else hours ("46 minutes", not "2723 seconds"). Rounded up, so nobody
 * is sent back too early.
 */
export function waitDuration(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 90
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 90 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
