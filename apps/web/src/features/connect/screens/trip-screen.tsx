import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MapPinOff, MessageCircle, Plane, UsersRound } from 'lucide-react';
import { LOCAL_RADIUS_KM, type PersonCard, type TripMeet } from '@tolk/shared/schemas/connect';
import { paths } from '../../../lib/paths';
import { cityLabel } from '../../../ui/city-picker';
import { MissingOrError } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { ListEmpty } from '../../../ui/list-empty';
import { BackLink } from '../../../ui/back-link';
import { tripMeetQuery } from '../api/get-trip-meet';
import { formatNumber } from '../../../lib/format';
import { formatKm, personName } from '../format';
import { PersonCardItem } from '../components/person-card';
import { AskedMeBadge, AskToMeetButton } from '../components/ask-to-meet';
import { ReaderTextView } from '../../../ui/reader-text';
import { ReportFlow, type ReportTarget } from '../components/report-flow';
import { ReportTripButton, TripDates, TripSummary, TripVisibilityBadge } from '../components/trip-summary';
import { localToday } from '../trip-form';
import { useConnectionActions } from '../use-connection-actions';
import '../connect.css';

/** /connect/trips/{id}: one of my trips, and whom it meets there (each of whom I may ask to meet). */
export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const query = useQuery(tripMeetQuery(id));

  if (query.isPending) return <ScreenSkeleton lines={8} />;
  if (query.isError) {
    return (
      <MissingOrError
        query={query}
        icon={<MapPinOff aria-hidden size={40} />}
        title={t('connect.meet.missingTitle')}
        message={t('connect.meet.missing')}
        back={
          <Link className="button" to={paths.connectTrips}>
            {t('connect.meet.backToTrips')}
          </Link>
        }
      />
    );
  }
  return <Meet meet={query.data} />;
}

function Meet({ meet }: { meet: TripMeet }) {
  const { t, i18n } = useTranslation();
  const ids = { title: useId(), locals: useId(), travellers: useId() };
  const actions = useConnectionActions();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const { trip, locals, travellers } = meet;
  const city = trip.city.name;

  /** Message for my connections (whom I can always write to); their page says whether others take messages. */
  const messageButton = (person: PersonCard) =>
    person.connection === 'connected' ? (
      <button
        type="button"
        className="button"
        disabled={actions.message.isPending && actions.message.variables === person.username}
        onClick={() => {
          actions.message.mutate(person.username);
        }}
      >
        <MessageCircle aria-hidden size={18} /> {t('connect.actions.message')}
      </button>
    ) : null;

  return (
    <article className="meet" aria-labelledby={ids.title}>
      <header className="connect-bar">
        <BackLink to={paths.connectTrips} label={t('connect.meet.backToTrips')} />
      </header>

      <div className="card raised icon-head meet-hero">
        <Plane aria-hidden size={28} className="flip-rtl" />
        <div className="meet-hero-text">
          <h1 id={ids.title}>{t('connect.meet.title', { city })}</h1>
          <p className="muted">{cityLabel(trip.city, i18n.language)}</p>
          <TripSummary trip={trip} city={false} today={localToday()} />
          <TripVisibilityBadge trip={trip} />
        </div>
      </div>

      <MeetSection
        headingId={ids.locals}
        title={t('connect.meet.locals', { city })}
        hint={t('connect.meet.localsHint', { distance: formatKm(LOCAL_RADIUS_KM, i18n.language), city })}
        count={locals.length}
        empty={t('connect.meet.noLocals', { city })}
      >
        {locals.map((person) => (
          <li key={person.id}>
            <PersonCardItem
              person={person}
              actions={
                <>
                  <AskToMeetButton
                    tripId={trip.id}
                    person={{ id: person.id, name: personName(person) }}
                    asked={person.asked}
                  />
                  {messageButton(person)}
                </>
              }
            />
          </li>
        ))}
      </MeetSection>

      <MeetSection
        headingId={ids.travellers}
        title={t('connect.meet.travellers')}
        hint={t('connect.meet.travellersHint', { city })}
        count={travellers.length}
        empty={t('connect.meet.noTravellers', { city })}
      >
        {travellers.map(({ person, trip: theirs, asked, askedMe }) => (
          <li key={theirs.id}>
            <PersonCardItem
              person={person}
              actions={
                <>
                  {askedMe && <AskedMeBadge />}
                  <AskToMeetButton
                    tripId={trip.id}
                    person={{ id: person.id, name: personName(person) }}
                    asked={asked}
                  />
                  {messageButton(person)}
                  <ReportTripButton
                    onClick={() => {
                      setReporting({
                        kind: 'trip',
                        id: theirs.id,
                        title: t('connect.trips.reportTitle', { name: personName(person) }),
                      });
                    }}
                  />
                </>
              }
            >
              <TripDates trip={theirs} />
              {theirs.note && <ReaderTextView text={theirs.note} toggle className="trip-note" />}
            </PersonCardItem>
          </li>
        ))}
      </MeetSection>

      <ReportFlow
        target={reporting}
        onClose={() => {
          setReporting(null);
        }}
      />
    </article>
  );
}

interface MeetSectionProps {
  headingId: string;
  title: string;
  hint: string;
  count: number;
  empty: string;
  children: ReactNode;
}

function MeetSection({ headingId, title, hint, count, empty, children }: MeetSectionProps) {
  const { i18n } = useTranslation();
  return (
    <section className="meet-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title}
        {count > 0 && <span className="meet-count">{formatNumber(count, i18n.language)}</span>}
      </h2>
      <p className="muted small">{hint}</p>
      {count === 0 ? (
        <ListEmpty className="connect-empty small-empty" icon={<UsersRound aria-hidden size={32} />} text={empty} />
      ) : (
        <ul className="person-list">{children}</ul>
      )}
    </section>
  );
}
