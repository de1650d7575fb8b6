import { z } from 'zod';
import { textSchema, untrimmedTextSchema } from './text';
import { DETECT_LANGUAGE } from '../languages';
import { languageCodeSchema } from './auth';
import { MUSE_TEXT_MAX, museDetailSchema } from './conversations';
import { twoSidesDiffer } from './two-sides';

export const PLAZA_SIDES = ['user', 'audience'] as const;
export const plazaSideSchema = z.enum(PLAZA_SIDES);
export type PlazaSide = z.infer<typeof plazaSideSchema>;

/** Guests' plaza texts are capped like guests' translations; members get the muse limit. */
export const PLAZA_GUEST_TEXT_MAX = 500;
export const PLAZA_MEMBER_TEXT_MAX = MUSE_TEXT_MAX;
export { PLAZA_TOKEN_HEADER } from '../auth-constants';

const nameSchema = textSchema(60).pipe(z.string().min(1, 'Required.'));

/** "Their language": one to translate into, or DETECT_LANGUAGE when the host does not know it. */
export const audienceLanguageSchema = z.union([z.literal(DETECT_LANGUAGE), languageCodeSchema]);

/** "Me" and "my audience" are two different languages. */
const differentLanguages = twoSidesDiffer('userLanguage', 'audienceLanguage', 'Choose two different languages.');

export const voiceSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Speech rate for the browser's synthesis, 0.5 to 2. */
  rate: z.number().min(0.5).max(2),
});
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;

/** A saved language pair: "me" and "my audience". */
export const interpreterProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  userLanguage: z.string(),
  audienceLanguage: z.string(),
  voice: voiceSettingsSchema,
  createdAt: z.string(),
});
export type InterpreterProfile = z.infer<typeof interpreterProfileSchema>;

export const interpreterProfileInputSchema = z
  .object({
    name: nameSchema,
    userLanguage: languageCodeSchema,
    audienceLanguage: audienceLanguageSchema,
    voice: voiceSettingsSchema.default({ enabled: true, rate: 1 }),
  })
  .refine(...differentLanguages);
export type InterpreterProfileInput = z.input<typeof interpreterProfileInputSchema>;

/** A patch naming only one side is checked against the stored pair by the server. */
export const interpreterProfilePatchSchema = z
  .object({
    name: nameSchema.optional(),
    userLanguage: languageCodeSchema.optional(),
    audienceLanguage: audienceLanguageSchema.optional(),
    voice: voiceSettingsSchema.optional(),
  })
  .refine(...differentLanguages)
  .refine(
    (p) => [p.name, p.userLanguage, p.audienceLanguage, p.voice].some((v) => v !== undefined),
    'Nothing to change: send at least one of name, userLanguage, audienceLanguage or voice.',
  );

/** Opening a saved pair: its last plaza while that lives, or a new one when asked (or needed). */
export const openInterpreterProfileInputSchema = z.object({ fresh: z.boolean().default(false) });
export type OpenInterpreterProfileInput = z.input<typeof openInterpreterProfileInputSchema>;

export const createPlazaInputSchema = z
  .object({
    userLanguage: languageCodeSchema,
    audienceLanguage: audienceLanguageSchema,
    name: textSchema(60).optional(),
  })
  .refine(...differentLanguages);
export type CreatePlazaInput = z.input<typeof createPlazaInputSchema>;

/** Why a plaza can no longer be opened (410 replies carry it as fields.code). */
export const PLAZA_GONE_REASONS = ['expired', 'ended'] as const;
export type PlazaGoneReason = (typeof PLAZA_GONE_REASONS)[number];

/**
 * What ends this viewer's plaza: nothing (kept in a member's history), the plaza itself (a
 * guest's plaza and everything in it expires), or only this viewer's guest access (a guest in
 * a member's plaza).
 */
export const PLAZA_EXPIRIES = ['none', 'conversation', 'access'] as const;

export const plazaSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  userLanguage: z.string(),
  /** DETECT_LANGUAGE until the audience's language is known. */
  audienceLanguage: z.string(),
  /** The caller's side: the host is "user", whoever joins by code is "audience". */
  side: plazaSideSchema,
  /** The caller's membership: muses whose sender.memberId is this one were sent from here. */
  memberId: z.string(),
  host: z.boolean(),
  /** The viewer came in with a plaza token, not a member session. */
  guest: z.boolean(),
  /** Kept as a conversation in this viewer's history (a member's plaza, seen by a member). */
  kept: z.boolean(),
  expiry: z.enum(PLAZA_EXPIRIES),
  /** When this viewer loses the plaza: its own expiry, or a guest's token running out. */
  expiresAt: z.string().nullable(),
  joinCode: z.string().nullable(),
  joinExpiresAt: z.string().nullable(),
  participants: z.array(z.object({ name: z.string(), side: plazaSideSchema, language: z.string() })),
  lastSeq: z.number().int(),
});
export type Plaza = z.infer<typeof plazaSchema>;

/** Creating or joining a plaza: the plaza, and for guests the token that lets them back in. */
export const plazaSessionSchema = z.object({
  plaza: plazaSchema,
  /** Guests only: send as the x-plaza-token header and as the socket's auth token. */
  guestToken: z.string().nullable(),
});
export type PlazaSession = z.infer<typeof plazaSessionSchema>;

export const joinPlazaInputSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6}$/, 'A join code has 6 letters and digits.'),
  language: languageCodeSchema,
  name: textSchema(40).optional(),
});

export const inviteSchema = z.object({
  joinCode: z.string(),
  joinExpiresAt: z.string(),
  /** Path to open on the other device, e.g. /interpret/join?code=K7M2QX */
  joinPath: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

/**
 * Where another phone can open an invite: the configured public address (TOLK_PUBLIC_URL), and,
 * for a host whose page is on this machine's own loopback address, the machine's LAN addresses.
 */
export const inviteOriginsSchema = z.object({
  publicUrl: z.string().nullable(),
  /** e.g. http://192.168.1.20:3000; empty unless the request came from this machine. */
  lanOrigins: z.array(z.string()),
});
export type InviteOrigins = z.infer<typeof inviteOriginsSchema>;

export const sendPlazaMuseInputSchema = z.object({
  clientId: z.string().trim().min(8).max(64),
  /** On one device the host types for both sides; a joined device always writes as its own side. */
  side: plazaSideSchema.optional(),
  text: untrimmedTextSchema(PLAZA_MEMBER_TEXT_MAX).default(''),
  /**
   * Leave it out: the text is taken in its side's language, or in the other side's when it is
   * plainly written in that (typed in the wrong half). The side's own language counts as left out.
   */
  from: languageCodeSchema.optional(),
  photoId: z.uuid().optional(),
});

/** A plaza muse carries its versions in both languages of the plaza. */
export const plazaMusesSchema = z.object({
  muses: z.array(museDetailSchema),
  hasMore: z.boolean(),
});
export type PlazaMuses = z.infer<typeof plazaMusesSchema>;
