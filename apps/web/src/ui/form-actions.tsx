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
