import { useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Home, MessageCircle, Pencil, Plane, Plus, Trash2, UsersRound, X } from 'lucide-react';
import type { Trip, Visitor } from '@tolk/shared/schemas/connect';
import { paths } from '../../../lib/paths';
import { Avatar } from '../../../ui/avatar';
import { cityLabel } from '../../../ui/city-picker';
import { ModalDialog } from '../../../ui/modal-dialog';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { toastError } from '../../../ui/toast-error';
import { useCancelTrip } from '../api/cancel-trip';
import { profileQuery } from '../../profile/api/get-profile';
import { tripsQuery } from '../api/list-trips';
import { visitorsQuery } from '../api/list-visitors';
import { formatNumber } from '../../../lib/format';
import { personName } from '../format';
import { localToday, PLAN_PARAMS, plannedCity, splitTrips } from '../trip-form';
import type { useConnectionActions } from '../use-connection-actions';
import type { BackState } from './person-card';
import { ReportFlow, type ReportTarget } from './report-flow';
import { TripFormView } from './trip-form';
import { ReaderTextView } from '../../../ui/reader-text';
import { ReportTripButton, TripDates, TripSummary, TripVisibilityBadge } from './trip-summary';
import { AskedMeBadge } from './ask-to-meet';

type Actions = ReturnType<typeof useConnectionActions>;

/**
 * Travel & meet: planning a trip, my trips (each a door to whom it meets), and who is coming to
 * my home city.
 */
export function TripsTab({ actions }: { actions: Actions }) {
  const { t, i18n } = useTranslation();
  const ids = { plan: useId(), mine: useId() };
  const trips = useQuery(tripsQuery());
  const [params, setParams] = useSearchParams();
  // A link may open the tab planning a trip to a city (a place of mine: "Plan a trip here").
  const planCity = useMemo(() => plannedCity(params), [params]);
  /** 'new' while planning one, a trip's id while changing it. */
  const [editing, setEditing] = useState<string | null>(planCity ? 'new' : null);
  const [cancelling, setCancelling] = useState<Trip | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const planButton = useRef<HTMLButtonElement>(null);
  const today = localToday();
  const { upcoming, past } = splitTrips(trips.data?.trips ?? [], today);

  const closeForm = () => {
    setEditing(null);
    // The link's city has been used (planned or put away): refreshing must not open the form again.
    if (planCity) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of PLAN_PARAMS) next.delete(name);
          return next;
        },
        { replace: true },
      );
    }
  };

  const card = (trip: Trip, over: boolean) =>
    editing === trip.id ? (
      <li key={trip.id} className="card trip-card editing">
        <TripFormView trip={trip} onDone={closeForm} onCancel={closeForm} />
      </li>
    ) : (
      <MyTripCard
        key={trip.id}
        trip={trip}
        over={over}
        today={today}
        onEdit={() => {
          setEditing(trip.id);
        }}
        onCancel={() => {
          setCancelling(trip);
        }}
      />
    );

  return (
    <div className="trips">
      <section className="card raised trip-plan" aria-labelledby={ids.plan}>
        <div className="trip-plan-head">
          <Plane aria-hidden size={28} className="flip-rtl" />
          <div>
            <h2 id={ids.plan}>{t('connect.trips.title')}</h2>
            <p className="muted small">{t('connect.trips.lead')}</p>
          </div>
        </div>
        {editing === 'new' ? (
          <TripFormView
            city={planCity}
            onDone={closeForm}
            onCancel={() => {
              closeForm();
              // The button the form replaced is back: focus returns to it.
              requestAnimationFrame(() => planButton.current?.focus());
            }}
          />
        ) : (
          <button
            ref={planButton}
            type="button"
            className="button primary wide"
            onClick={() => {
              setEditing('new');
            }}
          >
            <Plus aria-hidden size={18} /> {t('connect.trips.plan')}
          </button>
        )}
      </section>

      <section className="connection-section" aria-labelledby={ids.mine}>
        <h2 id={ids.mine}>{t('connect.trips.mine')}</h2>
        {trips.isPending ? (
          <ScreenSkeleton lines={2} />
        ) : trips.isError ? (
          <QueryError as="div" error={trips.error} onRetry={refetchOf(trips)} />
        ) : (
          <>
            {upcoming.length === 0 ? (
              <p className="muted small trips-empty">{t('connect.trips.none')}</p>
            ) : (
              <ul className="card-list">{upcoming.map((trip) => card(trip, false))}</ul>
            )}
            {past.length > 0 && (
              <details className="past-trips">
                <summary>
                  {t('connect.trips.past')}{' '}
                  <span className="meet-count">{formatNumber(past.length, i18n.language)}</span>
                </summary>
                <ul className="card-list">{past.map((trip) => card(trip, true))}</ul>
              </details>
            )}
          </>
        )}
      </section>

      <VisitorsSection actions={actions} onReport={setReporting} />

      <CancelTripDialog
        trip={cancelling}
        onClose={() => {
          setCancelling(null);
        }}
      />
      <ReportFlow
        target={reporting}
        onClose={() => {
          setReporting(null);
        }}
      />
    </div>
  );
}

interface MyTripCardProps {
  trip: Trip;
  /** Over already: no one to meet any more, and "Delete" rather than "Cancel". */
  over: boolean;
  today: string;
  onEdit: () => void;
  onCancel: () => void;
}

function MyTripCard({ trip, over, today, onEdit, onCancel }: MyTripCardProps) {
  const { t, i18n } = useTranslation();
  const cityId = useId();
  return (
    <li className={over ? 'card trip-card past' : 'card trip-card'}>
      <article aria-labelledby={cityId}>
        <div className="trip-card-head">
          <h3 id={cityId}>{cityLabel(trip.city, i18n.language)}</h3>
          <TripVisibilityBadge trip={trip} />
        </div>
        <TripSummary trip={trip} city={false} today={today} />
        <div className="row-actions">
          {!over && (
            <Link className="button primary" to={paths.connectTrip(trip.id)}>
              <UsersRound aria-hidden size={18} /> {t('connect.trips.meet')}
            </Link>
          )}
          <button type="button" className="button" onClick={onEdit}>
            <Pencil aria-hidden size={16} /> {t('common.edit')}
          </button>
          <button type="button" className="button danger-outline" onClick={onCancel}>
            {over ? <Trash2 aria-hidden size={16} /> : <X aria-hidden size={16} />}{' '}
            {over ? t('common.delete') : t('connect.trips.cancel')}
          </button>
        </div>
      </article>
    </li>
  );
}

/**
 * Cancelling a trip (or deleting one that is over), asked first. Not the shared confirm dialog:
 * its "Cancel" beside "Cancel trip" would be a riddle; here it is "Keep it".
 */
function CancelTripDialog({ trip, onClose }: { trip: Trip | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  const over = trip !== null && trip.departure < localToday();
  const city = trip ? cityLabel(trip.city, i18n.language) : '';
  const cancel = useCancelTrip({
    onSuccess: () => {
      toast.success(over ? t('connect.trips.toast.deleted', { city }) : t('connect.trips.toast.cancelled', { city }));
      onClose();
    },
    onError: (error) => {
      toastError(error, t);
    },
  });
  return (
    <ModalDialog
      open={trip !== null}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={bodyId}
      role="alertdialog"
      initialFocus={keep}
    >
      <h2 id={titleId}>{over ? t('connect.trips.deleteTitle', { city }) : t('connect.trips.cancelTitle', { city })}</h2>
      <p id={bodyId}>{over ? t('connect.trips.deleteBody') : t('connect.trips.cancelBody')}</p>
      <div className="actions">
        <button ref={keep} type="button" className="button" onClick={onClose}>
          {t('connect.trips.keep')}
        </button>
        <button
          type="button"
          className="button danger"
          disabled={cancel.isPending}
          onClick={() => {
            if (trip) cancel.mutate(trip.id);
          }}
        >
          {over ? t('common.delete') : t('connect.trips.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}

/** Who is coming to my home city: each person, their days and note; a way to set the city without one. */
function VisitorsSection({ actions, onReport }: { actions: Actions; onReport: (target: ReportTarget) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const home = useQuery({ ...profileQuery(), select: (profile) => profile.homeCity });
  const visitors = useQuery({ ...visitorsQuery(), enabled: home.data !== null });
  const city = home.data;

  let body;
  if (home.isPending || (city && visitors.isPending)) body = <ScreenSkeleton lines={2} />;
  else if (home.isError) body = <QueryError as="div" error={home.error} onRetry={refetchOf(home)} />;
  else if (!city) {
    body = (
      <div className="connect-empty small-empty">
        <Home aria-hidden size={32} />
        <p>{t('connect.trips.visitors.noHome')}</p>
        <Link className="button" to={paths.profileEdit}>
          {t('connect.trips.visitors.setHome')}
        </Link>
      </div>
    );
  } else if (visitors.isError) {
    body = <QueryError as="div" error={visitors.error} onRetry={refetchOf(visitors)} />;
  } else if (!visitors.data?.visitors.length) {
    body = (
      <div className="connect-empty small-empty">
        <Plane aria-hidden size={32} className="flip-rtl" />
        <p>{t('connect.trips.visitors.none', { city: city.name })}</p>
      </div>
    );
  } else {
    body = (
      <ul className="card-list">
        {visitors.data.visitors.map((visitor) => (
          <VisitorRow key={visitor.trip.id} visitor={visitor} actions={actions} onReport={onReport} />
        ))}
      </ul>
    );
  }

  return (
    <section className="connection-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {city ? t('connect.trips.visitors.title', { city: city.name }) : t('connect.trips.visitors.titleNoCity')}
      </h2>
      {body}
    </section>
  );
}

function VisitorRow({
  visitor,
  actions,
  onReport,
}: {
  visitor: Visitor;
  actions: Actions;
  onReport: (target: ReportTarget) => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { person, trip } = visitor;
  const name = personName(person);
  const back: BackState = { back: location.pathname + location.search };
  const { message } = actions;
  return (
    <li className="card connection-row visitor-row">
      <Avatar name={name} url={person.avatarUrl} size="small" />
      <div className="connection-row-body">
        <p className="connection-row-name">
          <Link to={paths.connectPerson(person.id)} state={back}>
            {name}
          </Link>
        </p>
        <TripDates trip={trip} />
        {visitor.askedMe && <AskedMeBadge />}
      </div>
      <div className="connection-row-more">
        {trip.note && <ReaderTextView text={trip.note} toggle className="request-note" />}
        <div className="row-actions">
          {person.connection === 'connected' && (
            <button
              type="button"
              className="button"
              disabled={message.isPending && message.variables === person.username}
              onClick={() => {
                message.mutate(person.username);
              }}
            >
              <MessageCircle aria-hidden size={18} /> {t('connect.actions.message')}
            </button>
          )}
          <ReportTripButton
            onClick={() => {
              onReport({ kind: 'trip', id: trip.id, title: t('connect.trips.reportTitle', { name }) });
            }}
          />
        </div>
      </div>
    </li>
  );
}
