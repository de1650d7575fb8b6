import { useTranslation } from 'react-i18next';
import { FlaskConical } from 'lucide-react';

/** Said wherever a test way to pay shows: nothing real is charged, so nothing real is paid either. */
export function TestModeNote({ children }: { children?: string }) {
  const { t } = useTranslation();
  return (
    <p className="payment-test-note" role="note">
      <FlaskConical aria-hidden size={18} />
      <span>{children ?? t('payments.testMode')}</span>
    </p>
  );
}
