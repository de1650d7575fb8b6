import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation, Muse, Photo } from '@tolk/shared/schemas/conversations';
import { personName } from '../../../lib/format';
import type { ThreadState } from '../thread-state';
import { MuseItem, PendingMuseItem } from './muse-item';

// Within this many pixels of the end counts as "at the newest muse" (follow new ones).
const NEAR_BOTTOM_PX = 120;

interface MuseLogProps {
  label: string;
  state: ThreadState;
  conversation: Conversation;
  me: string;
  olderLoading: boolean;
  onLoadOlder: () => void;
  onDelete: (muse: Muse) => void;
  onRetry: (clientId: string) => void;
  onOpenPhoto: (photo: Photo, alt: string) => void;
  /** Reports someone else's muse. */
  onReport: (muse: Muse) => void;
  /** Usernames of the people I blocked: their muses in a group thread are folded. */
  blocked: ReadonlySet<string>;
  /** The newest muse has been on screen: mark the thread read up to it. */
  onSeen: (seq: number) => void;
}

/** Names of the other members who have read up to my newest muse, for "Read by ...". */
export function readersOfMyNewest(state: ThreadState, conversation: Conversation, me: string) {
  const mine = state.muses.findLast((muse) => muse.sender.username === me && !muse.deleted);
  if (!mine) return undefined;
  const names = conversation.members
    .filter((member) => member.username !== me && member.lastReadSeq >= mine.seq)
    .map(personName);
  return names.length ? { museId: mine.id, names } : undefined;
}

/** The scrolling list of muses: follows new ones while at the end, keeps its place when paging back. */
export function MuseLog({
  label,
  state,
  conversation,
  me,
  olderLoading,
  onLoadOlder,
  onDelete,
  onRetry,
  onOpenPhoto,
  onReport,
  blocked,
  onSeen,
}: MuseLogProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  // Distance from the end before earlier muses were put on top, to restore the reader's place.
  const anchor = useRef<number | undefined>(undefined);
  const pendingCount = useRef(state.pending.length);

  const firstSeq = state.muses[0]?.seq;
  const lastId = state.muses.at(-1)?.id;
  const newestSeq = state.muses.at(-1)?.seq ?? 0;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || anchor.current === undefined) return;
    element.scrollTop = element.scrollHeight - anchor.current;
    anchor.current = undefined;
  }, [firstSeq]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // My own new muse always brings me to the end; someone else's only if I was there.
    const sentOne = state.pending.length > pendingCount.current;
    pendingCount.current = state.pending.length;
    if (nearBottom.current || sentOne) element.scrollTop = element.scrollHeight;
  }, [lastId, state.pending.length]);

  // Photos that finish loading grow the list: stay at the end if that is where the reader is.
  useEffect(() => {
    const element = scroller.current;
    const content = list.current;
    if (!element || !content || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current && anchor.current === undefined) element.scrollTop = element.scrollHeight;
    });
    observer.observe(content);
    return () => {
      observer.disconnect();
    };
  }, []);

  const [atEnd, setAtEnd] = useState(() => typeof IntersectionObserver === 'undefined');
  const [pageVisible, setPageVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const target = bottom.current;
    if (!target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        setAtEnd(entries.some((entry) => entry.isIntersecting));
      },
      { root: scroller.current },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, []);
  useEffect(() => {
    const onVisibility = () => {
      setPageVisible(document.visibilityState !== 'hidden');
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
  useEffect(() => {
    if (atEnd && pageVisible && newestSeq > 0) onSeen(newestSeq);
  }, [atEnd, pageVisible, newestSeq, onSeen]);

  const readers = useMemo(() => readersOfMyNewest(state, conversation, me), [state, conversation, me]);
  const readByText = readers ? t('muses.readBy', { names: readers.names.join(', ') }) : undefined;
  const showSender = conversation.kind !== 'direct';

  return (
    <div
      ref={scroller}
      className="muse-log"
      role="log"
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
      }}
    >
      {state.hasOlder && (
        <div className="muse-older">
          <button
            type="button"
            className="button"
            disabled={olderLoading}
            onClick={() => {
              const element = scroller.current;
              if (element) anchor.current = element.scrollHeight - element.scrollTop;
              onLoadOlder();
            }}
          >
            {olderLoading ? t('common.loading') : t('muses.loadOlder')}
          </button>
        </div>
      )}
      <ol ref={list} className="muse-list">
        {state.muses.map((muse) => (
          <MuseItem
            key={muse.id}
            muse={muse}
            mine={muse.sender.username === me}
            showSender={showSender}
            readBy={readers?.museId === muse.id ? readByText : undefined}
            onDelete={onDelete}
            onOpenPhoto={onOpenPhoto}
            onReport={onReport}
            folded={showSender && blocked.has(muse.sender.username)}
          />
        ))}
        {state.pending.map((pending) => (
          <PendingMuseItem key={pending.clientId} pending={pending} onRetry={onRetry} />
        ))}
      </ol>
      <div ref={bottom} className="muse-log-end" aria-hidden />
    </div>
  );
}
