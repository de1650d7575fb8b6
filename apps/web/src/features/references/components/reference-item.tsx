import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Flag, Reply } from 'lucide-react';
import type { Reference } from '@tolk/shared/schemas/references';
import { formatDay, personName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../ui/avatar';
import { ReaderTextView } from '../../../ui/reader-text';
import { KindLabel } from './kind-label';
import { OpinionBadge } from './opinion';
import { RatingStars } from './rating-stars';
import { ReplyForm } from './reply-form';

interface ReferenceItemProps {
  reference: Reference;
  /** Offered unless I wrote it (the server refuses reporting one's own). */
  onReport?: (() => void) | undefined;
}

/**
 * One reference as its reader gets it: who wrote it, how it went, the rating, what it was about,
 * when, the text in my language with the original a tap away, and the subject's reply, or Reply
 * when I am the subject and have not replied yet.
 */
export function ReferenceItem({ reference, onReport }: ReferenceItemProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [replying, setReplying] = useState(false);
  const author = personName(reference.author);
  const subject = personName(reference.subject);
  const what = reference.thing?.name ?? reference.title;
  return (
    <article className="reference" aria-labelledby={headingId}>
      <header className="reference-head">
        <Avatar name={author} url={reference.author.avatarUrl} />
        <div className="reference-who">
          <h3 id={headingId}>
            <Link to={paths.connectPerson(reference.author.id)}>{author}</Link>
          </h3>
          <p className="small muted">
            <KindLabel kind={reference.kind} />
            {what && (
              <>
                {' · '}
                <bdi>{what}</bdi>
              </>
            )}
            {' · '}
            <time dateTime={reference.createdAt}>{formatDay(reference.createdAt, i18n.language)}</time>
          </p>
        </div>
      </header>
      <p className="reference-marks">
        <OpinionBadge opinion={reference.opinion} />
        {reference.rating !== null && <RatingStars value={reference.rating} />}
      </p>
      <ReaderTextView text={reference.text} toggle />
      {reference.reply && (
        <div className="reference-reply">
          <p className="small muted">
            <Reply aria-hidden size={14} /> {t('references.reply.from', { name: subject })}
          </p>
          <ReaderTextView text={reference.reply.text} toggle />
        </div>
      )}
      {replying ? (
        <ReplyForm
          referenceId={reference.id}
          onDone={() => {
            setReplying(false);
          }}
        />
      ) : (
        (reference.canReply || onReport) && (
          <div className="row-actions reference-actions">
            {reference.canReply && (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setReplying(true);
                }}
              >
                <Reply aria-hidden size={16} /> {t('references.reply.action')}
              </button>
            )}
            {onReport && (
              <button
                type="button"
                className="text-button"
                aria-label={t('references.reportTitle', { name: author })}
                onClick={onReport}
              >
                <Flag aria-hidden size={14} /> {t('report.action')}
              </button>
            )}
          </div>
        )
      )}
    </article>
  );
}
