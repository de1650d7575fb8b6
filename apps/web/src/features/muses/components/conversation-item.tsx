import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Image, Users } from 'lucide-react';
import type { ConversationSummary } from '@tolk/shared/schemas/conversations';
import { Avatar } from '../../../ui/avatar';
import { conversationTitle, formatMuseTime, museView } from '../muse-display';
import { paths } from '../../../lib/paths';

function ConversationRow({ conversation, me }: { conversation: ConversationSummary; me: string }) {
  const { t, i18n } = useTranslation();
  const title = conversationTitle(conversation, me);
  const last = conversation.lastMuse;
  // The server sends the last muse already in my language; a pending one shows its original.
  const preview = last ? (last.deleted ? t('muses.deleted') : museView(last, false).text) : '';
  const fromMe = last?.sender.username === me;
  const partner = conversation.members.find((member) => member.username !== me);
  return (
    <li>
      <Link className={`conversation${conversation.unread > 0 ? ' unread' : ''}`} to={paths.thread(conversation.id)}>
        {conversation.kind === 'group' ? (
          <span className="avatar small" aria-hidden>
            <Users size={18} />
          </span>
        ) : (
          <Avatar name={title} url={partner?.avatarUrl} />
        )}
        <span className="conversation-body">
          <span className="conversation-top">
            <span className="conversation-title">{title}</span>
            {last && (
              <time className="conversation-time" dateTime={last.createdAt}>
                {formatMuseTime(last.createdAt, i18n.language)}
              </time>
            )}
          </span>
          <span className="conversation-bottom">
            <span className="conversation-preview" dir="auto" data-user-text>
              {fromMe && `${t('common.you')}: `}
              {last?.photo && !last.deleted && <Image aria-hidden size={14} />} {preview}
            </span>
            {conversation.unread > 0 && (
              <span className="unread-badge">{t('muses.unread', { count: conversation.unread })}</span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

export const ConversationItem = memo(ConversationRow);
