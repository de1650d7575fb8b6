import { useTranslation } from 'react-i18next';
import { Construction } from 'lucide-react';

/** Honest placeholder for screens a later release builds: nothing here pretends to work. */
export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <section className="notice" aria-labelledby="not-available-title">
      <Construction aria-hidden size={40} />
      <h1 id="not-available-title">{t('notAvailable.title')}</h1>
      <p>{t('notAvailable.body')}</p>
    </section>
  );
}
