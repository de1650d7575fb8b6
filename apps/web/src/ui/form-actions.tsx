import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  /** "Add trip", or "Saving…" while it goes. */
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
}

/** The buttons of a form opened in place: send it (first, the one meant), or put it away. */
export function FormActions({ submitLabel, busy, onCancel }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      <button type="submit" className="button primary" disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}

interface DialogFormActionsProps {
  /** What the send button says ("Send", an icon with it, "Sending…" while it goes). */
  children: ReactNode;
  busy: boolean;
  onCancel: () => void;
  /** Whether sending is grave (a report): the send button is red then. */
  danger?: boolean;
}

/** The buttons under a dialog's form: put it away, then send it. */
export function DialogFormActions({ children, busy, onCancel, danger = false }: DialogFormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      <button type="button" className="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="submit" className={danger ? 'button danger' : 'button primary'} disabled={busy}>
        {children}
      </button>
    </div>
  );
}
