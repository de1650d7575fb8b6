import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Ban, Flag, UserMinus, UserX } from 'lucide-react';
import type { PersonDetail } from '@tolk/shared/schemas/connect';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../ui/avatar';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { MissingOrError } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { BackLink } from '../../../ui/back-link';
import { connectionsQuery } from '../api/list-connections';
import { personQuery } from '../api/get-person';
import { connectionWith } from '../connections';
import { personName } from '../format';
import { PersonActions } from '../components/person-actions';
import type { BackState } from '../components/person-card';
import {
  ActivityNote,
  Age,
  ConnectionBadge,
  MatchBadge,
  PersonInterests,
  PersonLanguages,
  Place,
} from '../components/person-facts';
import { OfferedThings } from '../components/offered-things';
import { ReaderTextView } from '../../../ui/reader-text';
import { ReportFlow, type ReportTarget } from '../components/report-flow';
import { ReportTripButton, TripSummary } from '../components/trip-summary';
import { useConnectionActions } from '../use-connection-actions';
import { ReferencesSection } from '../../references';
import '../connect.css';

/** Where the back arrow leads: the list as I left it (filters, tab), else Connect. */
function useBackPath(): string {
  const { state } = useLocation() as { state: Partial<BackState> | null };
  return typeof state?.back === 'string' && state.back.startsWith(paths.connect) ? state.back : paths.connect;
}

export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const back = useBackPath();
  const query = useQuery(personQuery(id));

  if (query.isPending) return <ScreenSkeleton lines={8} />;
  if (query.isError) {
    return (
      <MissingOrError
        query={query}
        icon={<UserX aria-hidden size={40} />}
        title={t('connect.person.missingTitle')}
        message={t('connect.person.missing')}
        back={
          <Link className="button" to={back}>
            {t('connect.person.backToConnect')}
          </Link>
        }
      />
    );
  }
  return <Person person={query.data} back={back} />;
}

function Person({ person, back }: { person: PersonDetail; back: string }) {
  const { t } = useTranslation();
  const ids = { name: useId(), about: useId(), languages: useId(), interests: useId(), trips: useId() };
  const connections = useQuery(connectionsQuery());
  const actions = useConnectionActions();
  const [confirm, setConfirm] = useState<'block' | 'remove' | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const name = personName(person);
  const connection = connectionWith(connections.data, person.id);
  const close = () => {
    setConfirm(null);
  };

  return (
    <article className="person" aria-labelledby={ids.name}>
      <header className="connect-bar">
        <BackLink to={back} />
      </header>

      <div className="person-hero">
        <Avatar name={name} url={person.avatarUrl} size="large" className="large" />
        <div className="person-hero-text">
          <h1 id={ids.name}>
            {name}
            <Age age={person.age} />
          </h1>
          <Place person={person} />
          <div className="person-badges">
            <ActivityNote activity={person.activity} />
            <ConnectionBadge connection={person.connection} />
            <MatchBadge person={person} />
          </div>
        </div>
      </div>

      <PersonActions person={person} connection={connection} actions={actions} />

      {person.requestNote && (
        <section className={`person-note ${person.connection}`} aria-label={t('connect.person.note')}>
          <p className="person-note-label small">
            {person.connection === 'incoming' ? t('connect.person.theirNote', { name }) : t('connect.person.yourNote')}
          </p>
          <ReaderTextView text={person.requestNote} toggle={person.connection === 'incoming'} />
        </section>
      )}

      {person.bio && (
        <section className="card person-section" aria-labelledby={ids.about}>
          <h2 id={ids.about}>{t('connect.person.about')}</h2>
          <ReaderTextView text={person.bio} toggle />
        </section>
      )}

      {(person.languagesSpoken.length > 0 || person.languagesLearning.length > 0) && (
        <section className="card person-section" aria-labelledby={ids.languages}>
          <h2 id={ids.languages}>{t('connect.person.languages')}</h2>
          <PersonLanguages person={person} />
        </section>
      )}

      {person.interests.length > 0 && (
        <section className="card person-section" aria-labelledby={ids.interests}>
          <h2 id={ids.interests}>{t('connect.interests')}</h2>
          <PersonInterests person={person} all />
          {person.sharedInterests.length > 0 && (
            <p className="field-hint">{t('connect.person.sharedHint', { count: person.sharedInterests.length })}</p>
          )}
        </section>
      )}

      <OfferedThings offers={person.offers} name={name} />

      {person.trips.length > 0 && (
        <section className="card person-section" aria-labelledby={ids.trips}>
          <h2 id={ids.trips}>{t('connect.person.trips')}</h2>
          <ul className="trip-list">
            {person.trips.map((trip) => (
              <li key={trip.id} className="trip">
                <TripSummary trip={trip} />
                <ReportTripButton
                  onClick={() => {
                    setReporting({ kind: 'trip', id: trip.id, title: t('connect.trips.reportTitle', { name }) });
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      <ReferencesSection subjectId={person.id} />

      <div className="person-more">
        {person.connection === 'connected' && connection && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setConfirm('remove');
            }}
          >
            <UserMinus aria-hidden size={18} /> {t('connect.actions.remove')}
          </button>
        )}
        <button
          type="button"
          className="button danger-outline"
          onClick={() => {
            setConfirm('block');
          }}
        >
          <Ban aria-hidden size={18} /> {t('connect.actions.block')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setReporting({ kind: 'profile', id: person.id, title: t('connect.report.title', { name }) });
          }}
        >
          <Flag aria-hidden size={18} /> {t('report.action')}
        </button>
      </div>

      <ConfirmDialog
        open={confirm === 'block'}
        title={t('connect.block.title', { name })}
        message={t('connect.block.body', { name })}
        confirmLabel={t('connect.actions.block')}
        busy={actions.block.isPending}
        onCancel={close}
        onConfirm={() => {
          actions.block.mutate({ id: person.id, name }, { onSettled: close });
        }}
      />
      <ConfirmDialog
        open={confirm === 'remove'}
        title={t('connect.remove.title', { name })}
        message={t('connect.remove.body', { name })}
        confirmLabel={t('connect.actions.remove')}
        busy={actions.end.isPending}
        onCancel={close}
        onConfirm={() => {
          if (connection) actions.end.mutate({ id: connection.id, name, how: 'remove' }, { onSettled: close });
        }}
      />
      <ReportFlow
        target={reporting}
        onClose={() => {
          setReporting(null);
        }}
      />
    </article>
  );
}
