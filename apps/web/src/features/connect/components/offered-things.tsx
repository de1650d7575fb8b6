import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShoppingBag } from 'lucide-react';
import type { OfferedThing, ThingAvailability, ThingUnit } from '@tolk/shared/schemas/things';
import { paths } from '../../../lib/paths';
import { priceOrFree } from '../../../lib/format';
import { ReaderTextView } from '../../../ui/reader-text';
import { ThingReviews } from '../../references';

const UNIT_KEYS: Record<ThingUnit, string> = {
  item: 'connect.person.offers.units.item',
  hour: 'connect.person.offers.units.hour',
  person: 'connect.person.offers.units.person',
};
const AVAILABILITY_KEYS: Record<ThingAvailability, string> = {
  available: 'connect.person.offers.availabilities.available',
  on_request: 'connect.person.offers.availabilities.on_request',
  unavailable: 'connect.person.offers.availabilities.unavailable',
};

/**
 * The things a member offers, as their profile shows them to me: each price as I write money (my
 * interface language), its photos, its description in my language with the original a tap away,
 * and Order unless it is unavailable now (my own offers never show here: connect leaves me out).
 */
export function OfferedThings({ offers, name }: { offers: readonly OfferedThing[]; name: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  if (offers.length === 0) return null;
  return (
    <section className="card person-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('connect.person.offers.title', { name })}</h2>
      <ul className="offer-list">
        {offers.map((offer) => (
          <li key={offer.id} className="offer">
            <h3 className="offer-name" dir="auto">
              {offer.name}
            </h3>
            <p className="offer-terms">
              <strong>{priceOrFree(offer.priceMinor, offer.currency, i18n.language, t)}</strong>{' '}
              {offer.priceMinor > 0 && (
                <>
                  <span className="muted">{t(UNIT_KEYS[offer.unit])}</span>{' '}
                </>
              )}
              <span className={`pill offer-availability ${offer.availability}`}>
                {t(AVAILABILITY_KEYS[offer.availability])}
              </span>
            </p>
            {offer.photos.length > 0 && (
              <ul className="offer-photos">
                {offer.photos.map((photo) => (
                  <li key={photo.id}>
                    <a href={photo.url} target="_blank" rel="noreferrer">
                      <img
                        src={photo.thumbUrl}
                        alt={t('connect.person.offers.photo', { name: offer.name })}
                        loading="lazy"
                        decoding="async"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {offer.description && <ReaderTextView text={offer.description} toggle />}
            <ThingReviews ownerId={offer.owner.id} thingId={offer.id} name={offer.name} />
            {offer.availability !== 'unavailable' && (
              <Link
                className="button primary offer-order"
                to={paths.orderAdd(offer.id, offer.owner.username)}
                aria-label={t('orders.orderThing', { name: offer.name })}
              >
                <ShoppingBag aria-hidden size={18} /> {t('orders.order')}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
