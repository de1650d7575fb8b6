import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Clock, PenLine } from 'lucide-react';
import type { ReferenceOccasion } from '@tolk/shared/schemas/references';
import { personName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../ui/avatar';
import { KindLabel } from './kind-label';
import { WriteForm } from './write-form';

const DAY_MS = 86_400_000;

/** Whole days until the window closes, counting today's part as one (0 once closed). */
export const daysLeft = (closesAt: string, now = Date.now()) =>
  Math.max(0, Math.ceil((new Date(closesAt).getTime() - now) / DAY_MS));

/**
 * Something I may write a reference about: with whom, what it was, how many days are left, whether
 * they wrote theirs; its form opens on demand.
 */
export function OccasionCard({ occasion }: { occasion: ReferenceOccasion }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const name = personName(occasion.other);
  return (
    <article className="card occasion" aria-labelledby={headingId}>
      <div className="occasion-head">
        <Avatar name={name} url={occasion.other.avatarUrl} />
        <div className="occasion-text">
          <h3 id={headingId}>
            <Link to={paths.connectPerson(occasion.other.id)}>{name}</Link>
          </h3>
          <p className="small muted">
            <KindLabel kind={occasion.kind} />
            {occasion.title && (
              <>
                {' · '}
                <bdi>{occasion.title}</bdi>
              </>
            )}
          </p>
          <p className="small occasion-left">
            <Clock aria-hidden size={14} /> {t('references.occasions.daysLeft', { count: daysLeft(occasion.closesAt) })}
          </p>
          {occasion.theyWrote && (
            <p className="small occasion-they-wrote">{t('references.occasions.theyWrote', { name })}</p>
          )}
        </div>
      </div>
      {open ? (
        <WriteForm
          occasion={occasion}
          onDone={() => {
            setOpen(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="button primary"
          aria-label={t('references.occasions.writeAbout', { name })}
          onClick={() => {
            setOpen(true);
          }}
        >
          <PenLine aria-hidden size={18} /> {t('references.occasions.write')}
        </button>
      )}
    </article>
  );
}
