import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Package } from 'lucide-react';
import type { Thing } from '@tolk/shared/schemas/things';
import { languageName } from '../../../lib/language-names';
import { priceOrFree } from '../../../lib/format';
import { THING_AVAILABILITY_KEYS, THING_UNIT_KEYS, THING_VISIBILITY_KEYS, thingInputOf } from '../thing-form';
import { useDeleteRecord } from '../use-delete-record';
import { Facts } from '../../../ui/facts';
import { RecordStamp, RecordText } from './record-detail-parts';
import { DetailBar } from './record-screens';
import { RecordThumb } from './record-thumb';

/** An item or a service: its price in the reader's way of writing money, its photos, who sees it. */
export function ThingDetailView({ thing, back }: { thing: Thing; back: string }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const remove = useDeleteRecord('things', thing, thingInputOf);
  const [cover, ...more] = thing.photos;

  return (
    <article className="records record-detail" aria-labelledby={titleId}>
      <DetailBar kind="things" id={thing.id} back={back} deleting={remove.deleting} onDelete={remove.ask} />
      <div className="record-hero">
        <RecordThumb photo={cover} large fallback={<Package size={40} />} />
        <div className="record-hero-text">
          <h1 id={titleId}>{thing.name}</h1>
          <p className="record-price-line">
            <strong>{priceOrFree(thing.priceMinor, thing.currency, i18n.language, t)}</strong>
            {thing.priceMinor > 0 && <span className="muted"> {t(THING_UNIT_KEYS[thing.unit])}</span>}
          </p>
          <p className="record-badges">
            <span className={`pill record-badge ${thing.availability}`}>
              {t(THING_AVAILABILITY_KEYS[thing.availability])}
            </span>
            <span className={`pill record-badge ${thing.visibility}`}>
              {t(THING_VISIBILITY_KEYS[thing.visibility].label)}
            </span>
          </p>
        </div>
      </div>
      {more.length > 0 && (
        <ul className="record-gallery">
          {more.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img src={photo.thumbUrl} alt={t('records.photos.alt', { number: index + 2 })} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <RecordText text={thing.description} lang={thing.descriptionLanguage} />
      <Facts
        className="fact-list record-facts"
        items={[
          [
            t('records.things.descriptionLanguage'),
            thing.description && languageName(thing.descriptionLanguage, i18n.language),
          ],
          [t('records.things.visibility'), t(THING_VISIBILITY_KEYS[thing.visibility].hint)],
        ]}
      />
      <RecordStamp updatedAt={thing.updatedAt} />
      {remove.dialog}
    </article>
  );
}
