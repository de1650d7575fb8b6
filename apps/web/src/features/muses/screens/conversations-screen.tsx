import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListOrdered, MessageSquarePlus } from 'lucide-react';
import { useLoginResponse } from '../../../lib/session';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { conversationsQuery } from '../api/list-conversations';
import { ConversationItem } from '../components/conversation-item';
import { NewChatForm } from '../components/new-chat-form';
import { paths } from '../../../lib/paths';
import { QueryError, refetchOf } from '../../../ui/query-error';
import '../conversations.css';

// Only open threads are live over the socket; the list catches up by asking now and then.
const LIST_REFRESH_MS = 20_000;

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loginResponse } = useLoginResponse();
  const [creating, setCreating] = useState(false);
  const query = useQuery({ ...conversationsQuery(), refetchInterval: LIST_REFRESH_MS });

  return (
    <section className="conversations" aria-labelledby="muses-title">
      <header className="screen-head">
        <h1 id="muses-title">{t('muses.title')}</h1>
        <div className="screen-head-tools">
          <Link className="icon-button" to={paths.myMuses} aria-label={t('muses.allMuses')} title={t('muses.allMuses')}>
            <ListOrdered aria-hidden size={20} />
          </Link>
          <button
            type="button"
            className="button primary"
            aria-expanded={creating}
            onClick={() => {
              setCreating((value) => !value);
            }}
          >
            <MessageSquarePlus aria-hidden size={18} /> {t('muses.newChat')}
          </button>
        </div>
      </header>
      {creating && (
        <NewChatForm
          onCancel={() => {
            setCreating(false);
          }}
          onCreated={(conversation) => {
            void navigate(paths.thread(conversation.id));
          }}
        />
      )}
      {query.isPending ? (
        <ScreenSkeleton lines={6} />
      ) : query.isError ? (
        <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />
      ) : query.data.length === 0 ? (
        <p className="empty">{t('muses.empty')}</p>
      ) : (
        <ul className="conversation-list">
          {query.data.map((conversation) => (
            <ConversationItem key={conversation.id} conversation={conversation} me={loginResponse.username} />
          ))}
        </ul>
      )}
    </section>
  );
}
