import { z } from 'zod';
import { textSchema, untrimmedTextSchema } from './text';
import { languageCodeSchema, usernameSchema } from './auth';
import { translationStateSchema } from './translation';
import { SERVER_MESSAGES } from '../server-messages';

import { museVoiceSchema } from './speech';
export const GROUP_TITLE_MAX = 80;
export const GROUP_MEMBERS_MAX = 50;
import { MUSES_PAGE_MAX, MUSES_PAGE_SIZE, INT4_MAX, MUSE_TEXT_MAX } from '../limits';

export { MUSES_PAGE_MAX, MUSES_PAGE_SIZE, MUSE_TEXT_MAX } from '../limits';

export const CONVERSATION_KINDS = ['direct', 'group', 'plaza'] as const;
export const conversationKindSchema = z.enum(CONVERSATION_KINDS);
export type ConversationKind = z.infer<typeof conversationKindSchema>;

export const museTranslationSchema = z.object({
  to: z.string(),
  text: z.string().nullable(),
  transliteration: z.string().nullable(),
  engine: z.string().nullable(),
  state: translationStateSchema,
  reason: z.string().nullable().optional(),
  pivot: z.string().nullable().optional(),
});
export type MuseTranslation = z.infer<typeof museTranslationSchema>;

/**
 * A profile photo, 256 px square (smallAvatarUrl in avatars.ts gives the 64 px one): null when the
 * person has none, absent where there is no account (plaza guests). Served to signed-in members
 * of the person's tenant.
 */
export const avatarUrlSchema = z.string().nullable().optional();

export const personRefSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  avatarUrl: avatarUrlSchema,
});
export type PersonRef = z.infer<typeof personRefSchema>;

export const photoSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Photo = z.infer<typeof photoSchema>;

/** A muse as one reader sees it: the original, plus its translation into the reader's language. */
export const museSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  seq: z.number().int().positive(),
  clientId: z.string(),
  /**
   * Who wrote it; memberId names their membership of this conversation, so a device knows its
   * own muses (a plaza guest has no username to go by).
   */
  sender: personRefSchema.extend({ memberId: z.string() }),
  /** Guest side of a plaza ("user" or "audience"), null for members' muses. */
  side: z.string().nullable(),
  text: z.string(),
  from: z.string(),
  detectedFrom: z.string().nullable(),
  transliteration: z.string().nullable(),
  photo: photoSchema.nullable(),
  /** A voice muse's recording (its text is the transcript, empty without one). */
  voice: museVoiceSchema.nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
  translation: museTranslationSchema.nullable(),
});
export type Muse = z.infer<typeof museSchema>;

/** Every language version made so far (GET /api/muses/:id). */
export const museDetailSchema = museSchema.extend({
  translations: z.array(museTranslationSchema),
});
export type MuseDetail = z.infer<typeof museDetailSchema>;

export const memberSchema = personRefSchema.extend({
  role: z.enum(['owner', 'member']),
  readingLanguage: z.string(),
  readsWithout: z.array(z.string()),
  lastReadSeq: z.number().int(),
});
export type Member = z.infer<typeof memberSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  kind: conversationKindSchema,
  title: z.string(),
  members: z.array(memberSchema),
  lastSeq: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationSummarySchema = conversationSchema.extend({
  lastMuse: museSchema.nullable(),
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const createConversationInputSchema = z
  .object({
    kind: z.enum(['direct', 'group']),
    members: z.array(usernameSchema).min(1, 'Name at least one member.').max(GROUP_MEMBERS_MAX),
    title: textSchema(GROUP_TITLE_MAX).optional(),
  })
  .refine((value) => value.kind !== 'direct' || value.members.length === 1, {
    path: ['members'],
    message: 'A one-to-one chat has exactly one other member.',
  });
export type CreateConversationInput = z.infer<typeof createConversationInputSchema>;

export const addMembersInputSchema = z.object({
  members: z.array(usernameSchema).min(1).max(GROUP_MEMBERS_MAX),
});

export const updateConversationInputSchema = z
  .object({
    title: textSchema(GROUP_TITLE_MAX).optional(),
  })
  // Without it a rename would clear the title.
  .refine((input) => input.title !== undefined, {
    path: ['title'],
    message: 'Nothing to change: send a title (an empty one clears it).',
  });

/** The caller's own reading settings in one conversation. */
export const updateMembershipInputSchema = z.object({
  readingLanguage: languageCodeSchema.optional(),
  readsWithout: z.array(languageCodeSchema).max(20).optional(),
  lastReadSeq: z.number().int().min(0).max(INT4_MAX).optional(),
});

export const museTextSchema = untrimmedTextSchema(MUSE_TEXT_MAX).refine(
  (text) => text.trim().length > 0,
  SERVER_MESSAGES.writeSomething,
);

export const sendMuseInputSchema = z.object({
  clientId: z.string().trim().min(8, 'A client id of at least 8 characters.').max(64),
  text: untrimmedTextSchema(MUSE_TEXT_MAX).default(''),
  from: languageCodeSchema.optional(),
  photoId: z.uuid().optional(),
  /** A recording of the sender's (POST /api/voice): a voice muse, its text the checked transcript. */
  voiceId: z.uuid().optional(),
});
export type SendMuseInput = z.infer<typeof sendMuseInputSchema>;

export const editMuseInputSchema = z.object({
  text: museTextSchema,
  from: languageCodeSchema.optional(),
});

export const musesQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  before: z.coerce.number().int().min(1).max(INT4_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(MUSES_PAGE_MAX).default(MUSES_PAGE_SIZE),
});

export const musesPageSchema = z.object({
  muses: z.array(museSchema),
  /** More muses exist in the direction asked. */
  hasMore: z.boolean(),
});
export type MusesPage = z.infer<typeof musesPageSchema>;

export const allMusesQuerySchema = z.object({
  before: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(MUSES_PAGE_MAX).default(MUSES_PAGE_SIZE),
});
