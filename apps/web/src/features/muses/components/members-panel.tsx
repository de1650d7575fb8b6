import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Crown, LogOut, UserMinus, UserPlus } from 'lucide-react';
import { GROUP_TITLE_MAX, type Conversation } from '@tolk/shared/schemas/conversations';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Field } from '../../../ui/field';
import { toastError } from '../../../ui/toast-error';
import { useAddMembers } from '../api/add-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateConversation } from '../api/update-conversation';
import { conversationTitle } from '../muse-display';
import { personName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../ui/avatar';
import { splitUsernames } from '../usernames';

interface MembersPanelProps {
  conversation: Conversation;
  me: string;
  /** Who is online; null while this device's own connection is down (nobody's state is known). */
  online: ReadonlySet<string> | null;
}

/** Who is in the chat; the owner of a group renames it and adds or removes members; anyone leaves. */
export function MembersPanel({ conversation, me, online }: MembersPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const owner = conversation.members.some((member) => member.username === me && member.role === 'owner');
  const group = conversation.kind === 'group';
  const [title, setTitle] = useState(conversation.title);
  const [newMembers, setNewMembers] = useState('');
  const [confirmLeave, setConfirmLeave] = useState(false);

  const onError = (error: unknown) => {
    toastError(error, t);
  };

  const rename = useUpdateConversation(conversation.id, { onError });
  const add = useAddMembers(conversation.id, {
    onSuccess: () => {
      setNewMembers('');
    },
    onError,
  });
  const remove = useRemoveMember(conversation, me, {
    onSuccess: async (_nothing, username) => {
      // The chat left: nothing of it is mine to see any more.
      if (username === me) await navigate(paths.conversations, { replace: true });
    },
    onError,
  });

  return (
    <div className="members-panel">
      {group && owner && (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ title: title.trim() });
          }}
        >
          <Field
            label={t('muses.groupTitle')}
            value={title}
            maxLength={GROUP_TITLE_MAX}
            onChange={(event) => {
              setTitle(event.target.value);
            }}
          />
          <button type="submit" className="button" disabled={rename.isPending || title.trim() === conversation.title}>
            {rename.isPending ? t('common.saving') : t('common.save')}
          </button>
        </form>
      )}
      <h2>{t('muses.members')}</h2>
      <ul className="member-list">
        {conversation.members.map((member) => (
          <li key={member.username}>
            <span
              className={`presence-dot${online === null ? ' unknown' : online.has(member.username) ? ' on' : ''}`}
              aria-hidden
            />
            <Avatar name={personName(member)} url={member.avatarUrl} className="tiny" />
            <span className="member-name">
              {member.username === me ? t('common.you') : personName(member)}
              {online?.has(member.username) && member.username !== me && (
                <span className="visually-hidden"> ({t('muses.online')})</span>
              )}
            </span>
            {member.role === 'owner' && (
              <span className="badge">
                <Crown aria-hidden size={12} /> {t('muses.owner')}
              </span>
            )}
            {group && owner && member.username !== me && (
              <button
                type="button"
                className="icon-button small"
                aria-label={`${t('muses.removeMember')}: ${personName(member)}`}
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(member.username);
                }}
              >
                <UserMinus aria-hidden size={16} />
              </button>
            )}
          </li>
        ))}
      </ul>
      {group && owner && (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            const members = splitUsernames(newMembers);
            if (members.length) add.mutate(members);
          }}
        >
          <Field
            label={t('muses.addMember')}
            hint={t('muses.membersHint')}
            autoCapitalize="none"
            spellCheck={false}
            value={newMembers}
            onChange={(event) => {
              setNewMembers(event.target.value);
            }}
          />
          <button type="submit" className="button" disabled={add.isPending || !splitUsernames(newMembers).length}>
            <UserPlus aria-hidden size={16} /> {t('muses.addMember')}
          </button>
        </form>
      )}
      {group && (
        <div className="actions">
          <button
            type="button"
            className="button danger-outline"
            onClick={() => {
              setConfirmLeave(true);
            }}
          >
            <LogOut aria-hidden size={16} /> {t('muses.leave')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirmLeave}
        title={t('common.areYouSure')}
        message={t('muses.leaveConfirm', { title: conversationTitle(conversation, me) })}
        confirmLabel={t('muses.leave')}
        busy={remove.isPending}
        onCancel={() => {
          setConfirmLeave(false);
        }}
        onConfirm={() => {
          setConfirmLeave(false);
          remove.mutate(me);
        }}
      />
    </div>
  );
}
