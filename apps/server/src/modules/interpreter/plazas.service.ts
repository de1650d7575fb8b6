import type { FastifyBaseLogger } from 'fastify';
import type { Invite, Plaza, PlazaGoneReason, PlazaSession } from '@tolk/shared/schemas/plazas';
import { DETECT_LANGUAGE } from '@tolk/shared/languages';
import { PLAZA_GUEST_TEXT_MAX } from '@tolk/shared/schemas/plazas';
import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import { SERVER_MESSAGE_FORMS } from '@tolk/shared/server-messages';
import { AppError, fieldError, forbidden, notFound } from '../../errors';
import type { ConversationRow, MemberRow } from '../muses';
import type { Actor, MemberCaller, Visitor } from '../../plugins/auth';
import type { MusesService } from '../muses';
import { baseLanguage } from '../muses';
import type { BlobStorage } from '../uploads';
import type { UploadsService } from '../uploads';
import type { InterpreterRepository } from './interpreter.repository';
import { newJoinCode } from './join-codes';
import type { PlazaTokens } from './plaza-tokens';
import {
  audienceOf,
  defaultTitle,
  knownLanguages,
  plazaView,
  storedAudience,
  viewerOf,
  type Viewer,
} from './plaza-views';

/** A member, a guest holding a plaza token, or (opening a guest plaza) anyone at all. */
export type PlazaCaller = Visitor;

export interface PlazaOptions {
  /** How long a guest's plaza and everything in it lives. */
  guestHours: number;
  /** How long a join code works. */
  codeHours: number;
  publicTenantId: () => Promise<string>;
}

const HOUR = 3_600_000;
const gone = (reason: PlazaGoneReason, message: string) => new AppError('gone', message, { code: [reason] });
export function createPlazasService(deps: {
  repo: InterpreterRepository;
  muses: MusesService;
  tokens: PlazaTokens;
  storage: BlobStorage;
  uploads: Pick<UploadsService, 'removeConversationPhotos'>;
  log: FastifyBaseLogger;
  options: PlazaOptions;
}) {
  const { repo, muses, tokens, options } = deps;

  // Whoever calls is who acts: a plaza token wins over a member session (interpreter.routes.ts).
  const actorOf = (caller: PlazaCaller): Actor => caller;

  function assertLive(conversation: ConversationRow) {
    if (conversation.expiresAt && conversation.expiresAt.getTime() <= Date.now()) {
      throw gone('expired', 'This conversation has expired.');
    }
  }

  async function access(plazaId: string, caller: PlazaCaller) {
    const found = await muses.membership(plazaId, actorOf(caller)).catch(() => undefined);
    if (!found) await explainRemoved(plazaId, caller);
    if (!found || found.conversation.kind !== 'plaza') throw notFound('Plaza');
    assertLive(found.conversation);
    return found;
  }

  /**
   * A guest's token names a member row that has left: the only way a guest leaves is the host
   * ending the invitation, so they hear "ended" rather than a bare 404. Anyone else gets the 404.
   */
  async function explainRemoved(plazaId: string, caller: PlazaCaller) {
    if (!caller.guestMemberId) return;
    const member = await muses.findMember(caller.guestMemberId);
    if (!member?.leftAt || member.conversationId !== plazaId || member.accountId !== null) return;
    const conversation = await muses.findConversation(plazaId);
    if (conversation?.kind !== 'plaza') return;
    assertLive(conversation);
    throw gone('ended', 'The host has ended this conversation.');
  }

  async function view(conversation: ConversationRow, member: MemberRow, viewer: Viewer): Promise<Plaza> {
    return plazaView(conversation, member, viewer, await muses.members(conversation.id));
  }

  async function session(conversation: ConversationRow, member: MemberRow, guest: boolean): Promise<PlazaSession> {
    const expires = conversation.expiresAt ?? new Date(Date.now() + options.guestHours * HOUR);
    const guestToken = guest
      ? await tokens.sign({ memberId: member.id, conversationId: conversation.id }, expires)
      : null;
    const viewer = { guest, tokenExpiresAt: guest ? new Date(Math.floor(expires.getTime() / 1000) * 1000) : null };
    return { plaza: await view(conversation, member, viewer), guestToken };
  }

  /** New languages for a plaza; an unnamed plaza's title follows them. */
  function setLanguages(
    conversation: ConversationRow,
    languages: { userLanguage: string; audienceLanguage: string },
    options: { swapMuses?: boolean } = {},
  ) {
    const unnamed = conversation.title === defaultTitle(conversation.userLanguage ?? '', audienceOf(conversation));
    return muses.plazaRows.setLanguages(
      conversation.id,
      {
        userLanguage: languages.userLanguage,
        audienceLanguage: storedAudience(languages.audienceLanguage),
        title: unnamed ? defaultTitle(languages.userLanguage, languages.audienceLanguage) : conversation.title,
      },
      options,
    );
  }

  /**
   * The audience side speaks whatever the person joining picked: the plaza follows them, and
   * the host's screen follows the plaza when the presence event makes it refresh.
   */
  async function takeAudienceLanguage(conversation: ConversationRow, language: string): Promise<ConversationRow> {
    const userLanguage = conversation.userLanguage ?? 'en';
    const audienceLanguage = audienceOf(conversation);
    if (language === userLanguage) {
      throw fieldError('language', 'The host already speaks this language. Choose the language you speak.');
    }
    if (language === audienceLanguage) return conversation;
    // Someone on another device already reads the audience side: it cannot change under them.
    const present = await muses.members(conversation.id);
    if (present.some((m) => m.side === 'audience')) {
      throw fieldError('language', `Someone has already joined this conversation in ${audienceLanguage}.`, 'conflict');
    }
    return setLanguages(conversation, { userLanguage, audienceLanguage: language });
  }

  /**
   * The first thing written in the audience's half of a plaza whose audience language is to be
   * detected names that language, when detection is sure of it and it is not the host's: the
   * plaza takes it (once: a plaza that learnt it meanwhile keeps what it learnt), and everyone in
   * the plaza hears that its languages changed. Earlier muses are translated when next shown.
   */
  async function learnAudienceLanguage(
    conversation: ConversationRow,
    language: string,
    detected: { language: string; sure: boolean } | null,
  ): Promise<ConversationRow | undefined> {
    const userLanguage = conversation.userLanguage ?? 'en';
    if (!detected?.sure || detected.language !== language) return undefined;
    if (baseLanguage(language) === baseLanguage(userLanguage)) return undefined;
    const learnt = await muses.plazaRows.learnAudienceLanguage(conversation.id, {
      audienceLanguage: language,
      title:
        conversation.title === defaultTitle(userLanguage, DETECT_LANGUAGE)
          ? defaultTitle(userLanguage, language)
          : conversation.title,
    });
    if (learnt) {
      muses.delivery.toConversation(conversation.id, 'plaza:languages', {
        conversationId: conversation.id,
        userLanguage,
        audienceLanguage: language,
      });
    }
    return learnt;
  }

  async function createPlaza(
    caller: PlazaCaller,
    input: { userLanguage: string; audienceLanguage: string; name?: string | undefined },
  ): Promise<PlazaSession> {
    const guest = caller.accountId === null;
    const tenantId = caller.tenantId ?? (await options.publicTenantId());
    const { conversation, host } = await muses.openPlaza({
      tenantId,
      ownerId: caller.accountId,
      title: input.name?.trim() || defaultTitle(input.userLanguage, input.audienceLanguage),
      userLanguage: input.userLanguage,
      audienceLanguage: storedAudience(input.audienceLanguage),
      expiresAt: guest ? new Date(Date.now() + options.guestHours * HOUR) : null,
    });
    return session(conversation, host, guest);
  }

  return {
    access,
    view,

    create: createPlaza,

    /**
     * A saved pair opens its last plaza while that lives and still speaks the pair's two
     * languages (either way round: a swap keeps it); otherwise, or when asked, a new one.
     */
    async openProfile(caller: MemberCaller, profileId: string, fresh: boolean) {
      const scope = { tenantId: caller.tenantId, ownerId: caller.accountId };
      const profile = await repo.profile(scope, profileId);
      if (!profile) throw notFound('Interpreter profile');
      const pair = [profile.userLanguage, profile.audienceLanguage].sort().join();
      if (!fresh && profile.lastPlazaId) {
        const found = await access(profile.lastPlazaId, caller).catch(() => undefined);
        const languages = found ? [found.conversation.userLanguage, audienceOf(found.conversation)].sort().join() : '';
        if (found && languages === pair) return session(found.conversation, found.member, false);
      }
      const opened = await createPlaza(caller, {
        userLanguage: profile.userLanguage,
        audienceLanguage: profile.audienceLanguage,
        name: profile.name,
      });
      await repo.updateProfile(scope, profile.id, { lastPlazaId: opened.plaza.id });
      return opened;
    },

    async get(plazaId: string, caller: PlazaCaller) {
      const { conversation, member } = await access(plazaId, caller);
      return view(conversation, member, viewerOf(caller));
    },

    async muses(plazaId: string, caller: PlazaCaller, after: number, limit: number) {
      const { conversation } = await access(plazaId, caller);
      const page = await muses.musesAfter(plazaId, after, limit, null);
      const shown = await muses.delivery.versionsIn(page.rows, knownLanguages(conversation));
      return { muses: shown, hasMore: page.hasMore };
    },

    async send(
      plazaId: string,
      caller: PlazaCaller,
      input: {
        clientId: string;
        side?: 'user' | 'audience' | undefined;
        text: string;
        from?: string | undefined;
        photoId?: string | undefined;
      },
    ): Promise<{ muse: MuseDetail; created: boolean }> {
      const { conversation, member } = await access(plazaId, caller);
      if (caller.accountId === null && input.text.length > PLAZA_GUEST_TEXT_MAX) {
        throw fieldError('text', SERVER_MESSAGE_FORMS.guestTextTooLong.say(PLAZA_GUEST_TEXT_MAX));
      }
      // Only the host's device speaks for both sides; a joined device is always the audience.
      const side = member.side === 'audience' ? 'audience' : (input.side ?? 'user');
      // Null for the audience while their language is not known: detection decides.
      const sideLanguage = (side === 'user' ? conversation.userLanguage : conversation.audienceLanguage) ?? undefined;
      const otherSideLanguage =
        (side === 'user' ? conversation.audienceLanguage : conversation.userLanguage) ?? undefined;
      // Naming the half's own language says nothing the side does not: English typed into the
      // Spanish half is still taken as English (older web apps sent the half's language).
      const from =
        input.from && (!sideLanguage || baseLanguage(input.from) !== baseLanguage(sideLanguage))
          ? input.from
          : undefined;
      const { record, created, detected } = await muses.send(
        actorOf(caller),
        plazaId,
        {
          clientId: input.clientId,
          text: input.text,
          from,
          photoId: input.photoId,
          side,
          sideLanguage,
          otherSideLanguage,
        },
        'plaza',
      );
      let current = conversation;
      if (created && side === 'audience' && !conversation.audienceLanguage) {
        current = (await learnAudienceLanguage(conversation, record.sourceLanguage, detected)) ?? conversation;
      }
      const [muse] = await muses.delivery.versionsIn([record], knownLanguages(current));
      return { muse: muse!, created };
    },

    async clear(plazaId: string, caller: PlazaCaller) {
      const { member } = await access(plazaId, caller);
      if (member.role !== 'owner') throw forbidden('Only the host clears the conversation.');
      await muses.clear(plazaId);
    },

    async invite(plazaId: string, caller: PlazaCaller): Promise<Invite> {
      const { conversation, member } = await access(plazaId, caller);
      if (member.role !== 'owner') throw forbidden('Only the host invites.');
      let expiresAt = new Date(Date.now() + options.codeHours * HOUR);
      if (conversation.expiresAt && conversation.expiresAt < expiresAt) expiresAt = conversation.expiresAt;
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = newJoinCode();
        try {
          await muses.plazaRows.setInvite(plazaId, code, expiresAt);
          return { joinCode: code, joinExpiresAt: expiresAt.toISOString(), joinPath: `/interpret/join?code=${code}` };
        } catch (error) {
          deps.log.warn({ err: error }, 'join code collision, trying another');
        }
      }
      throw new AppError('unavailable', 'Could not make a join code. Try again.');
    },

    async endInvite(plazaId: string, caller: PlazaCaller) {
      const { member } = await access(plazaId, caller);
      if (member.role !== 'owner') throw forbidden('Only the host ends the invitation.');
      await muses.plazaRows.endInvite(plazaId);
      muses.delivery.toConversation(plazaId, 'conversation:ended', {
        conversationId: plazaId,
        reason: 'ended',
      });
      // The guests who left with the code stop receiving the plaza's muses.
      muses.delivery.evict(await muses.delivery.roomsOf(plazaId), 'departed');
    },

    async join(
      caller: PlazaCaller,
      input: { code: string; language: string; name?: string | undefined },
    ): Promise<PlazaSession> {
      const conversation = await muses.plazaRows.byCode(input.code);
      if (!conversation) throw new AppError('not_found', 'This code is not valid.', { code: ['invalid'] });
      if (conversation.joinEndedAt) throw gone('ended', 'The host has ended this conversation.');
      if (!conversation.joinExpiresAt || conversation.joinExpiresAt.getTime() <= Date.now()) {
        throw gone('expired', 'This code has expired.');
      }
      assertLive(conversation);
      const guest = caller.accountId === null;
      if (!guest) {
        const existing = await muses.membership(conversation.id, actorOf(caller)).catch(() => undefined);
        if (existing) return session(conversation, existing.member, false);
      }
      const plaza = await takeAudienceLanguage(conversation, input.language);
      const member = await muses.plazaRows.addMember({
        conversationId: conversation.id,
        accountId: caller.accountId,
        guestName: guest ? input.name?.trim() || null : null,
        side: 'audience',
        readingLanguage: input.language,
      });
      muses.delivery.toConversation(conversation.id, 'presence', {
        conversationId: conversation.id,
        username: input.name?.trim() || caller.displayName || caller.username || 'audience',
        online: true,
      });
      return session(plaza, member, guest);
    },

    /**
     * The user and the audience trade places: each side's language goes to the other, and so do
     * the muses already said, so "me" keeps meaning whoever now speaks the user's language.
     */
    async swap(plazaId: string, caller: PlazaCaller): Promise<Plaza> {
      const { conversation, member } = await access(plazaId, caller);
      if (member.role !== 'owner') throw forbidden('Only the host swaps the sides.');
      if (!conversation.audienceLanguage) {
        throw new AppError('conflict', 'Their language is not known yet: it is found from what they write first.');
      }
      const present = await muses.members(plazaId);
      if (present.some((m) => m.side === 'audience')) {
        throw new AppError('conflict', 'Someone has joined on another device: their side cannot change under them.');
      }
      const swapped = await setLanguages(
        conversation,
        { userLanguage: conversation.audienceLanguage, audienceLanguage: conversation.userLanguage ?? 'en' },
        { swapMuses: true },
      );
      return view(swapped, member, viewerOf(caller));
    },

    /** Guests' plazas and their photos go when their time is up. */
    async sweep(now = new Date()) {
      const expired = await muses.plazaRows.expired(now);
      for (const { id } of expired) {
        await deps.uploads.removeConversationPhotos(id, deps.storage);
        await muses.expire(id);
      }
      return expired.length;
    },
  };
}

export type PlazasService = ReturnType<typeof createPlazasService>;
