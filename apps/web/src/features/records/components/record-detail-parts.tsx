import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../format';

/** A record's facts as a list of terms: each shown only when it has something to say. */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== false && value !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="record-facts">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A text the member wrote, as written: its own direction, its line breaks kept. */
export function RecordText({ heading, text, lang }: { heading?: string; text: string; lang?: string | undefined }) {
  if (!text) return null;
  return (
    <section className="record-text-section">
      {heading && <h2>{heading}</h2>}
      <p className="record-text" dir="auto" lang={lang}>
        {text}
      </p>
    </section>
  );
}

/** When the record last changed, as the reader writes dates. */
export function RecordStamp({ updatedAt }: { updatedAt: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="record-stamp small muted">{t('records.changedOn', { date: formatDay(updatedAt, i18n.language) })}</p>
  );
}
