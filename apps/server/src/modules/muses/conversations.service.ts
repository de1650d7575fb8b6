import type { Conversation, ConversationSummary } from '@tolk/shared/schemas/conversations';
import { SERVER_MESSAGE_FORMS, SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { AppError, fieldError, forbidden, isUniqueViolation, notFound } from '../../errors';
import type { Actor } from '../../plugins/auth';
import type { AccountsService } from '../accounts';
import type { ReachRule } from '../reach';
import type { Delivery } from './delivery';
import type { MuseNotices } from './muse-notices';
import type { ConversationRow, MemberRow, MusesRepository } from './muses.repository';
import { memberView } from './muse-views';
import type { PlazasRepository } from './plazas.repository';

export type { Actor } from '../../plugins/auth';

export interface Membership {
  conversation: ConversationRow;
  member: MemberRow;
}

/**
 * The rules of conversations and their members: who is in one (every read and write starts
 * with membership), starting chats, adding and removing people, reading settings, read marks,
 * and the plaza conversations the interpreter opens. Muses themselves are in muses.service.ts.
 */
export function createConversationsService({
  repo,
  plazas,
  delivery,
  accounts,
  reach,
  notices,
}: {
  repo: MusesRepository;
  plazas: PlazasRepository;
  delivery: Delivery;
  /** Accounts are the accounts module's: it finds them by name, in the actor's tenant. */
  accounts: Pick<AccountsService, 'findByUsernames'>;
  /** Connect's rule: who may be put in a conversation with whom (blocks, "connections only"). */
  reach: Pick<ReachRule, 'mayAll'>;
  /** Muse notifications: a member who reads a conversation has seen its notification. */
  notices?: Pick<MuseNotices, 'read'> | undefined;
}) {
  const { viewsFor } = delivery;

  async function membership(conversationId: string, actor: Actor): Promise<Membership> {
    if (actor.guestMemberId) {
      const member = await repo.findMemberById(actor.guestMemberId);
      const conversation = member && !member.leftAt ? await repo.findConversation(member.conversationId) : undefined;
      if (!member || !conversation || conversation.id !== conversationId) throw notFound('Conversation');
      return { conversation, member };
    }
    if (!actor.accountId) throw notFound('Conversation');
    const found = await repo.findMembership(conversationId, actor.accountId);
    if (!found) throw notFound('Conversation');
    return found;
  }

  /**
   * Everyone the actor puts in a conversation must be reachable by them for messages: across a
   * block (either way) the member is simply not found (a block is not the other's to learn of);
   * a member who takes messages from connections only must be one of the actor's.
   */
  async function mayAdd(actor: { tenantId: string; accountId: string }, people: { id: string; username: string }[]) {
    const answers = await reach.mayAll(
      actor,
      people.map((person) => person.id),
      'message',
    );
    const unreachable = people.filter((person) => !['yes', 'connections-only'].includes(answers.get(person.id)!));
    if (unreachable.length) {
      throw fieldError('members', SERVER_MESSAGE_FORMS.noSuchMember.say(unreachable.map((person) => person.username)));
    }
    if (people.some((person) => answers.get(person.id) === 'connections-only')) {
      throw forbidden(SERVER_MESSAGES.connectionsOnly);
    }
  }

  async function conversationView(conversation: ConversationRow): Promise<Conversation> {
    const members = await repo.members(conversation.id);
    return {
      id: conversation.id,
      kind: conversation.kind,
      title: conversation.title,
      members: members.map(memberView),
      lastSeq: conversation.lastSeq,
      createdAt: conversation.createdAt.toISOString(),
      updatedAt: conversation.updatedAt.toISOString(),
    };
  }

  async function markRead(member: MemberRow, seq: number) {
    const lastReadSeq = await repo.markRead(member.id, seq);
    if (lastReadSeq !== undefined && member.accountId)
      notices?.read(member.accountId, member.conversationId, lastReadSeq);
    const view = await repo.findMemberById(member.id);
    if (lastReadSeq !== undefined && view) {
      delivery.toConversation(member.conversationId, 'read', {
        conversationId: member.conversationId,
        username: view.username || view.displayName,
        seq: lastReadSeq,
      });
    }
    return lastReadSeq;
  }

  return {
    membership,
    conversationView,
    /** A conversation's row by id, and a membership row by id (whether or not it has left). */
    findConversation: (conversationId: string) => repo.findConversation(conversationId),
    findMember: (memberId: string) => repo.findMemberById(memberId),
    /** Who is in a conversation now, with their names. */
    members: (conversationId: string) => repo.members(conversationId),

    /** A plaza: a conversation of two languages with its host as the user side. */
    async openPlaza(input: {
      tenantId: string;
      ownerId: string | null;
      title: string;
      userLanguage: string;
      /** Null while it is to be detected. */
      audienceLanguage: string | null;
      expiresAt: Date | null;
    }) {
      const { conversation, members } = await repo.create({
        tenantId: input.tenantId,
        kind: 'plaza',
        title: input.title,
        ownerId: input.ownerId,
        directKey: null,
        members: [
          {
            accountId: input.ownerId,
            role: 'owner',
            readingLanguage: input.userLanguage,
            guestName: null,
            side: 'user',
          },
        ],
      });
      const plaza = await repo.setPlaza(conversation.id, {
        userLanguage: input.userLanguage,
        audienceLanguage: input.audienceLanguage,
        expiresAt: input.expiresAt,
      });
      return { conversation: plaza, host: members[0]! };
    },

    /** A plaza's own rows, for the interpreter's rules (plazas.service.ts). */
    plazaRows: {
      learnAudienceLanguage: plazas.learnAudienceLanguage,
      setLanguages: plazas.setLanguages,
      byCode: plazas.plazaByCode,
      setInvite: plazas.setInvite,
      endInvite: plazas.endInvite,
      addMember: plazas.addPlazaMember,
      expired: plazas.expiredPlazas,
    },

    /** Every muse of a conversation goes (a plaza's host clears it); its screens are told. */
    async clear(conversationId: string) {
      await repo.clearMuses(conversationId);
      delivery.toConversation(conversationId, 'conversation:ended', { conversationId, reason: 'cleared' });
    },

    /** A conversation goes with everything in it; its screens are told and its sockets leave its rooms. */
    async expire(conversationId: string) {
      const rooms = await delivery.roomsOf(conversationId);
      await repo.deleteConversation(conversationId);
      delivery.toConversation(conversationId, 'conversation:ended', { conversationId, reason: 'expired' });
      delivery.evict(rooms, 'everyone');
    },

    async list(actor: Actor & { accountId: string }): Promise<ConversationSummary[]> {
      const rows = await repo.listForAccount(actor.accountId, ['direct', 'group', 'plaza']);
      const last = await repo.lastMuses(
        rows.map((r) => r.conversation.id),
        actor.accountId,
      );
      const lastByConversation = new Map(last.map((m) => [m.conversationId, m]));
      return Promise.all(
        rows.map(async ({ conversation, member, unread }) => {
          const lastMuse = lastByConversation.get(conversation.id);
          const [view] = lastMuse ? await viewsFor([lastMuse], member) : [];
          return { ...(await conversationView(conversation)), lastMuse: view ?? null, unread };
        }),
      );
    },

    async create(
      actor: Actor & { accountId: string; tenantId: string },
      input: { kind: 'direct' | 'group'; members: string[]; title?: string | undefined },
    ) {
      const wanted = [...new Set(input.members.map((u) => u.toLowerCase()))];
      const visible = await accounts.findByUsernames(wanted, actor);
      const missing = wanted.filter((u) => !visible.some((a) => a.username.toLowerCase() === u));
      if (missing.length) {
        throw fieldError('members', SERVER_MESSAGE_FORMS.noSuchMember.say(missing));
      }
      const others = visible.filter((a) => a.id !== actor.accountId);
      if (!others.length) throw fieldError('members', SERVER_MESSAGES.addSomeoneElse);
      await mayAdd(actor, input.kind === 'direct' ? others.slice(0, 1) : others);
      if (input.kind === 'direct') {
        const other = others[0]!;
        const directKey = [actor.accountId, other.id].sort().join(':');
        const reopen = async (existing: ConversationRow) => {
          await repo.addMembers(existing.id, [{ accountId: actor.accountId, readingLanguage: actor.language }]);
          return { conversation: await conversationView(existing), created: false };
        };
        const existing = await repo.findDirect(directKey);
        if (existing) return reopen(existing);
        try {
          const { conversation } = await repo.create({
            tenantId: actor.tenantId,
            kind: 'direct',
            title: '',
            ownerId: null,
            directKey,
            members: [
              { accountId: actor.accountId, role: 'member', readingLanguage: actor.language },
              { accountId: other.id, role: 'member', readingLanguage: other.language },
            ],
          });
          return { conversation: await conversationView(conversation), created: true };
        } catch (error) {
          // Both of a pair started the chat at once: the other request made it first.
          const made = isUniqueViolation(error) ? await repo.findDirect(directKey) : undefined;
          if (!made) throw error;
          return reopen(made);
        }
      }
      const { conversation } = await repo.create({
        tenantId: actor.tenantId,
        kind: 'group',
        title: input.title ?? '',
        ownerId: actor.accountId,
        directKey: null,
        members: [
          { accountId: actor.accountId, role: 'owner', readingLanguage: actor.language },
          ...others.map((o) => ({ accountId: o.id, role: 'member' as const, readingLanguage: o.language })),
        ],
      });
      return { conversation: await conversationView(conversation), created: true };
    },

    async addMembers(
      actor: Actor & { accountId: string; tenantId: string },
      conversationId: string,
      usernames: string[],
    ) {
      const { conversation, member } = await membership(conversationId, actor);
      if (conversation.kind !== 'group') throw new AppError('bad_request', 'Only group chats take new members.');
      if (member.role !== 'owner') throw forbidden('Only the owner adds members.');
      const visible = await accounts.findByUsernames(usernames, actor);
      const missing = usernames.filter((u) => !visible.some((a) => a.username.toLowerCase() === u.toLowerCase()));
      if (missing.length) throw fieldError('members', SERVER_MESSAGE_FORMS.noSuchMember.say(missing));
      await mayAdd(actor, visible);
      await repo.addMembers(
        conversationId,
        visible.map((a) => ({ accountId: a.id, readingLanguage: a.language })),
      );
      return conversationView((await repo.findConversation(conversationId))!);
    },

    async removeMember(
      actor: Actor & { accountId: string; tenantId: string },
      conversationId: string,
      username: string,
    ) {
      const { conversation, member } = await membership(conversationId, actor);
      const [target] = await accounts.findByUsernames([username], actor);
      if (!target) throw notFound('Member');
      if (target.id !== actor.accountId) {
        if (conversation.kind !== 'group' || member.role !== 'owner')
          throw forbidden('Only the owner removes members.');
      }
      const leaving = await repo.findMembership(conversationId, target.id);
      if (!leaving || !(await repo.leave(conversationId, target.id))) throw notFound('Member');
      // Their sockets stop hearing the conversation at once, on whichever instance they are.
      delivery.evict(await delivery.roomsOf(conversationId), { accountId: target.id, memberId: leaving.member.id });
    },

    async rename(actor: Actor, conversationId: string, title: string) {
      const { conversation, member } = await membership(conversationId, actor);
      if (conversation.kind !== 'group') throw new AppError('bad_request', 'Only group chats have a title.');
      if (member.role !== 'owner') throw forbidden('Only the owner renames the chat.');
      await repo.updateTitle(conversationId, title);
      return conversationView((await repo.findConversation(conversationId))!);
    },

    async updateMe(
      actor: Actor,
      conversationId: string,
      patch: {
        readingLanguage?: string | undefined;
        readsWithout?: string[] | undefined;
        lastReadSeq?: number | undefined;
      },
    ) {
      const { conversation, member } = await membership(conversationId, actor);
      const { lastReadSeq, ...settings } = patch;
      const clean = Object.fromEntries(
        Object.entries(settings).filter((entry: [string, unknown]) => entry[1] !== undefined),
      );
      if (Object.keys(clean).length) {
        const updated = await repo.updateMember(member.id, clean);
        // Sockets showing the conversation move to the rooms of the new reading settings.
        if (updated) delivery.moveReader(conversation, member, updated);
      }
      if (lastReadSeq !== undefined) await markRead(member, lastReadSeq);
      return memberView((await repo.findMemberById(member.id))!);
    },

    markRead,
  };
}
export type ConversationsService = ReturnType<typeof createConversationsService>;
