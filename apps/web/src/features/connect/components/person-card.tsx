import { memo, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MessageSquareQuote } from 'lucide-react';
import type { PersonCard } from '@tolk/shared/schemas/connect';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../ui/avatar';
import { personName } from '../format';
import { ReaderTextView } from '../../../ui/reader-text';
import {
  ActivityNote,
  Age,
  ConnectionBadge,
  MatchBadge,
  PersonInterests,
  PersonLanguages,
  Place,
} from './person-facts';

/** Where a person's page goes back to: the list as it was, filters and tab included. */
export interface BackState {
  back: string;
}

interface PersonCardProps {
  person: PersonCard;
  /** More about them where the list says it (a traveller's days and note), after their languages. */
  children?: ReactNode;
  /** Buttons of their own (Message, Report), above the stretched link. */
  actions?: ReactNode;
}

/**
 * A person as discovery lists them. The whole card opens their page, through the link on their
 * name stretched over it (one link per card for a screen reader, not a paragraph-long one).
 */
function PersonCardView({ person, children, actions }: PersonCardProps) {
  const nameId = useId();
  const location = useLocation();
  const name = personName(person);
  const back: BackState = { back: location.pathname + location.search };
  return (
    <article className="person-card" aria-labelledby={nameId}>
      <div className="person-card-head">
        <Avatar name={name} url={person.avatarUrl} className="person-card-avatar" />
        <div className="person-card-title">
          <h2 id={nameId}>
            <Link className="person-card-link" to={paths.connectPerson(person.id)} state={back}>
              {name}
            </Link>
            <Age age={person.age} />
          </h2>
          <Place person={person} />
        </div>
      </div>
      <MatchBadge person={person} />
      <ReferenceCount references={person.references} />
      <PersonLanguages person={person} />
      {children && <div className="person-card-extra">{children}</div>}
      {person.bio && <ReaderTextView text={person.bio} clamp className="person-card-bio" />}
      <PersonInterests person={person} />
      {(person.activity !== null || person.connection !== 'none') && (
        <div className="person-card-foot">
          <ActivityNote activity={person.activity} />
          <ConnectionBadge connection={person.connection} />
        </div>
      )}
      {actions && <div className="person-card-actions">{actions}</div>}
    </article>
  );
}

export const PersonCardItem = memo(PersonCardView);

/** "8 references · 7 positive": what others wrote about them, in a line; nothing before the first. */
function ReferenceCount({ references }: { references: PersonCard['references'] }) {
  const { t } = useTranslation();
  if (references.total === 0) return null;
  return (
    <p className="person-card-references small muted">
      <MessageSquareQuote aria-hidden size={14} />{' '}
      {t('references.card', { count: references.total, positive: references.positive })}
    </p>
  );
}
