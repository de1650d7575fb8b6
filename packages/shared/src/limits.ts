// Zod-free, like error-codes.ts: the landing page (everyone's first screen) reads these without
// downloading zod. Every limit both sides know lives here once; the schemas build on them.

/** Account names: letters, digits, ".", "_" and "-". */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 64;

/** Texts per POST /api/translate call, and languages per text. */
export const TRANSLATE_MAX_TEXTS = 50;
export const TRANSLATE_MAX_TARGETS = 15;
/** Characters per text for guests (the landing page's "Try translation" box). */
export const TRANSLATE_GUEST_TEXT_MAX = 500;
/** Characters per text for signed-in members. */
export const TRANSLATE_MEMBER_TEXT_MAX = 5000;
/** The reason a text with no words in it (a link, an emoji) comes back as it is. */
export const NOTHING_TO_TRANSLATE = 'nothing to translate';

/** Muses per page of a thread: what the web asks for, and the most the server gives. */
/** A muse's text, in characters. */
export const MUSE_TEXT_MAX = 4000;
export const MUSES_PAGE_SIZE = 50;
export const MUSES_PAGE_MAX = 100;
/** Muses per page of a plaza's history (each in both of its languages). */
export const PLAZA_MUSES_PAGE_MAX = 100;

/** The largest value of a 32-bit integer column (sequences, versions, city ids): no input goes past it. */
export const INT4_MAX = 2_147_483_647;

/** Characters in a plaza's join code. */
export const JOIN_CODE_LENGTH = 6;
/** The interpreter's plazas: guests are limited per address; members get this many times as much room. */
export const PLAZA_MEMBER_FACTOR = 10;

/** An email address's length at most (RFC 5321). */
export const EMAIL_MAX = 254;
/** How long a mailed password-reset link works. */
export const RESET_TOKEN_MINUTES = 30;
/** How long a mailed link to verify an address works. */
export const VERIFY_TOKEN_HOURS = 24;
/** Email addresses set, or verification links asked for again, per account per hour. */
export const EMAIL_CHANGES_PER_HOUR = 10;
/** Reset links mailed per account per hour at most (more asks are answered alike and send nothing). */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;

/** References: a text at least and at most this long (characters as a reader counts them). */
export const REFERENCE_TEXT_MIN = 20;
export const REFERENCE_TEXT_MAX = 2000;
/** The subject's one public reply to a reference. */
export const REFERENCE_REPLY_MAX = 2000;
/** A reference stays hidden until both have written, or this many days after it became writable. */
export const REFERENCE_HIDDEN_DAYS = 14;
/** The window to write one closes this many days after it became writable. */
export const REFERENCE_WINDOW_DAYS = 30;
/** A reminder goes out this many days before the window closes. */
export const REFERENCE_REMINDER_DAYS_LEFT = 3;
/** Connected members may write about each other once connected this long. */
export const REFERENCE_CONNECTED_DAYS = 7;

/** A voice muse or a recording to transcribe: at most this long (the recorder stops itself there). */
export const VOICE_MAX_SECONDS = 120;
/** And at most this large (two minutes of Opus at 32 kbit/s is about 0.5 MB; WAV from a fallback recorder more). */
export const VOICE_MAX_BYTES = 4 * 1024 * 1024;
/** The audio a recording may be, by its media type without parameters (`audio/webm;codecs=opus` is audio/webm). */
export const VOICE_MIME_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'] as const;
