// Zod-free, like error-codes.ts: the web app's error display imports it into the main bundle.
import { INVALID_CREDENTIALS_MESSAGE } from './error-codes';

/**
 * The server's sentences that a client shows its reader, in English, written once for both sides:
 * the server says them, and the web app recognises them to say them in the reader's language. An
 * edit here changes both; a sentence the web app does not know falls back to its error code's.
 */
export const SERVER_MESSAGES = {
  invalidCredentials: INVALID_CREDENTIALS_MESSAGE,
  usernameTaken: 'This username is taken.',
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordUnchanged: 'The new password must differ from the current one.',
  accountGone: 'Your account no longer exists.',
  unauthorized: 'Sign in to continue.',
  forbidden: 'You are not allowed to do that.',
  writeSomething: 'Write something first.',
  addSomeoneElse: 'Add someone other than yourself.',
  connectionsOnly: 'Only their connections can message them.',
  unreachable: 'You can no longer reach this member.',
  textControls: 'Remove the control characters from this text.',
  textUnicode: 'This text is not valid Unicode.',
  inputNested: 'This request is nested too deeply.',
  nameBidi: 'Remove the direction-changing characters from this name.',
  nameInvisible: 'Write a name with visible letters.',
  nameReserved: 'This name is reserved.',
  accountSuspended: 'This account is suspended.',
  passwordChangeRequired: 'Change your password to continue.',
  insufficientFunds: 'There is not enough money in this account.',
  notACity: 'Not a city of the list.',
  departureBeforeArrival: 'The departure is before the arrival.',
  choosePhoto: 'Choose a photo.',
  photoType: 'Only JPEG, PNG and WebP photos are accepted.',
  photoUnreadable: 'This photo could not be read.',
  invalidFields: 'Some fields are missing or invalid.',
} as const;

export type ServerMessage = keyof typeof SERVER_MESSAGES;

/** A sentence that carries a value: how the server writes it, and how a client reads the value back. */
interface MessageForm<T> {
  say(value: T): string;
  /** The whole sentence; group 1 is the value as written. */
  pattern: RegExp;
}

export const SERVER_MESSAGE_FORMS = {
  textTooLong: {
    say: (max: number) => `Texts may be at most ${max} characters long.`,
    pattern: /^Texts may be at most (\d+) characters long\.$/,
  },
  guestTextTooLong: {
    say: (max: number) => `Guests can send up to ${max} characters at a time.`,
    pattern: /^Guests can send up to (\d+) characters at a time\.$/,
  },
  noSuchMember: {
    say: (names: readonly string[]) => `No member is called ${names.join(', ')}.`,
    pattern: /^No member is called (.+)\.$/,
  },
  photoTooLarge: {
    say: (megabytes: number) => `Photos can be up to ${megabytes} MB.`,
    pattern: /^Photos can be up to (\d+) MB\.$/,
  },
} satisfies Record<string, MessageForm<never>>;

export type ServerMessageForm = keyof typeof SERVER_MESSAGE_FORMS;

const BY_SENTENCE = new Map<string, ServerMessage>(
  (Object.keys(SERVER_MESSAGES) as ServerMessage[]).map((name) => [SERVER_MESSAGES[name], name]),
);

/** The name of a sentence from this catalog, plain or with a value: what clients key their own wording on. */
export function serverMessageName(message: string): ServerMessage | ServerMessageForm | undefined {
  const plain = BY_SENTENCE.get(message);
  if (plain) return plain;
  return (Object.keys(SERVER_MESSAGE_FORMS) as ServerMessageForm[]).find((name) =>
    SERVER_MESSAGE_FORMS[name].pattern.test(message),
  );
}
