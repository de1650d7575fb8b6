import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format';

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
