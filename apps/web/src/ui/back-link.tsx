import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import './screen-bar.css';

/** The arrow back at the head of a screen; it points the other way when the page reads right to left. */
export function BackLink({ to, label }: { to: To; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link className="icon-button" to={to} aria-label={label ?? t('common.back')}>
      <ArrowLeft aria-hidden size={22} className="flip-rtl" />
    </Link>
  );
}
