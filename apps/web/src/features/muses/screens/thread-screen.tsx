import { useCallback, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Users } from 'lucide-react';
import type { BlockedPeople } from '@tolk/shared/schemas/connect';
import type { Muse, Photo } from '@tolk/shared/schemas/conversations';
import { blockedQuery } from '../../connect/api/list-blocked';
import { HttpError } from '../../../lib/http';
import { useFileReport } from '../../connect/api/file-report';
import { useLoginResponse } from '../../../lib/session';
import { ConfirmDeleteDialog } from '../../../ui/confirm-dialog';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { toastError } from '../../../ui/toast-error';
import { Composer } from '../components/composer';
import { ConnectionBanner } from '../components/connection-banner';
import { LanguageSelect } from '../../../ui/language-select';
import { MembersPanel } from '../components/members-panel';
import { MuseLog } from '../components/muse-log';
import { PhotoViewer, type OpenPhoto } from '../components/photo-viewer';
import { TypingIndicator } from '../components/typing-indicator';
import { conversationTitle, deleteSubject } from '../muse-display';
import { personName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useThread } from '../use-thread';
import { Avatar } from '../../../ui/avatar';
import { QueryError } from '../../../ui/query-error';
import { ReportDialog } from '../../../ui/report-dialog';
import { BackLink } from '../../../ui/back-link';
import '../thread.css';
import '../composer.css';

const NOBODY: ReadonlySet<string> = new Set();
/** Whom I blocked, by username (what a muse names its sender by). */
const usernamesOf = (data: BlockedPeople): ReadonlySet<string> =>
  new Set(data.blocked.map((person) => person.username));

export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { loginResponse } = useLoginResponse();
  const me = loginResponse.username;
  const titleId = useId();
  const panelId = useId();
  const { conversation, thread, socket, connection, online, send, retry, markRead, older, remove, readingLanguage } =
    useThread(id, me);
  const [panelOpen, setPanelOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Muse>();
  const [photo, setPhoto] = useState<OpenPhoto>();
  const [toReport, setToReport] = useState<Muse>();
  const blocked = useQuery({ ...blockedQuery(loginResponse.isloggedin), select: usernamesOf });
  const report = useFileReport();

  const onDelete = useCallback((muse: Muse) => {
    setToDelete(muse);
  }, []);
  const onOpenPhoto = useCallback((opened: Photo, alt: string) => {
    setPhoto({ photo: opened, alt });
  }, []);
  const onReport = useCallback((muse: Muse) => {
    setToReport(muse);
  }, []);
  const loadOlder = useCallback(() => {
    older.mutate(undefined, {
      onError: (error) => {
        toastError(error, t);
      },
    });
  }, [older, t]);

  const failure = conversation.error ?? thread.error;
  if (failure) {
    const missing = failure instanceof HttpError && (failure.status === 404 || failure.status === 403);
    return (
      <QueryError
        error={failure}
        {...(missing
          ? { message: t('muses.noConversation') }
          : {
              onRetry: () => {
                void conversation.refetch();
                void thread.refetch();
              },
            })}
        actions={
          <Link className="button" to={paths.conversations}>
            {t('common.back')}
          </Link>
        }
      />
    );
  }
  if (!conversation.data || !thread.data) return <ScreenSkeleton lines={8} />;

  const current = conversation.data;
  const title = conversationTitle(current, me);
  const myMember = current.members.find((member) => member.username === me);
  const others = current.members.filter((member) => member.username !== me);
  const otherOnline = online !== null && others.some((member) => online.has(member.username));

  return (
    <section className="thread fills-screen" aria-labelledby={titleId}>
      <ConnectionBanner connection={connection} />
      <header className="thread-head">
        <BackLink to={paths.conversations} />
        {current.kind === 'direct' && <Avatar name={title} url={others[0]?.avatarUrl} />}
        <div className="thread-title">
          <h1 id={titleId}>{title}</h1>
          {current.kind === 'direct' && otherOnline && (
            <p className="thread-subtitle">
              <span className="presence-dot on" aria-hidden /> {t('muses.online')}
            </p>
          )}
          {current.kind === 'direct' && online === null && (
            <p className="thread-subtitle presence-unknown">{t('muses.presenceUnknown')}</p>
          )}
        </div>
        <button
          type="button"
          className="icon-button"
          aria-label={t('muses.members')}
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => {
            setPanelOpen((value) => !value);
          }}
        >
          <Users aria-hidden size={20} />
        </button>
      </header>
      <div id={panelId} className="thread-panel" hidden={!panelOpen}>
        {panelOpen && (
          <>
            <LanguageSelect
              label={t('muses.readingLanguage')}
              value={myMember?.readingLanguage ?? ''}
              disabled={readingLanguage.isPending}
              onChange={(language) => {
                readingLanguage.mutate(language, {
                  onError: (error) => {
                    toastError(error, t);
                  },
                });
              }}
            />
            <MembersPanel conversation={current} me={me} online={online} />
          </>
        )}
      </div>
      <MuseLog
        label={title}
        state={thread.data}
        conversation={current}
        me={me}
        olderLoading={older.isPending}
        onLoadOlder={loadOlder}
        onDelete={onDelete}
        onRetry={retry}
        onOpenPhoto={onOpenPhoto}
        onReport={onReport}
        blocked={blocked.data ?? NOBODY}
        onSeen={markRead}
      />
      <TypingIndicator socket={socket} conversationId={id} me={me} />
      <Composer
        conversationId={id}
        socket={socket}
        onSend={send}
        readers={others.map((member) => ({ language: member.readingLanguage, readsWithout: member.readsWithout }))}
        readingLanguage={myMember?.readingLanguage ?? loginResponse.language}
      />
      <ConfirmDeleteDialog
        open={toDelete !== undefined}
        subject={toDelete ? deleteSubject(toDelete, t) : ''}
        busy={remove.isPending}
        onCancel={() => {
          setToDelete(undefined);
        }}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete, {
            onSettled: () => {
              setToDelete(undefined);
            },
            onError: (error) => {
              toastError(error, t);
            },
          });
        }}
      />
      <ReportDialog
        open={toReport !== undefined}
        title={t('muses.reportTitle', { name: toReport ? personName(toReport.sender) : '' })}
        busy={report.isPending}
        onClose={() => {
          setToReport(undefined);
        }}
        onSubmit={async (reason, note) => {
          if (!toReport) return;
          await report.mutateAsync({ targetKind: 'muse', targetId: toReport.id, reason, note });
          toast.success(t('report.thanks'));
          setToReport(undefined);
        }}
      />
      <PhotoViewer
        open={photo}
        onClose={() => {
          setPhoto(undefined);
        }}
      />
    </section>
  );
}
