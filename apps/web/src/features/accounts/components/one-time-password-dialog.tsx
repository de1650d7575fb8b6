import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy, KeyRound } from 'lucide-react';
import { copyText } from '../../../lib/clipboard';
import { ModalDialog } from '../../../ui/modal-dialog';

interface OneTimePasswordDialogProps {
  /** The password, or undefined while there is none to show. */
  password: string | undefined;
  /** Whose it is, as shown. */
  name: string;
  onClose: () => void;
}

/**
 * A one-time password, shown once: the server never gives it again. Copy puts it on the clipboard;
 * where the page has none (plain HTTP on a LAN is not a secure context) the password is selected
 * for the admin to copy with the keyboard or the phone's own menu.
 */
export function OneTimePasswordDialog({ password, name, onClose }: OneTimePasswordDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const leadId = useId();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'selected'>('idle');

  const close = () => {
    setCopy('idle');
    onClose();
  };
  const selectIt = () => {
    field.current?.focus();
    field.current?.select();
  };

  return (
    <ModalDialog
      open={password !== undefined}
      onClose={close}
      labelledBy={titleId}
      describedBy={leadId}
      className="one-time-dialog"
    >
      <h2 id={titleId}>
        <KeyRound aria-hidden size={20} /> {t('accounts.oneTime.title', { name })}
      </h2>
      <p id={leadId}>{t('accounts.oneTime.lead', { name })}</p>
      <label htmlFor={fieldId} className="visually-hidden">
        {t('accounts.oneTime.label')}
      </label>
      <input
        ref={field}
        id={fieldId}
        className="one-time-password"
        readOnly
        dir="ltr"
        spellCheck={false}
        autoComplete="off"
        value={password ?? ''}
        onFocus={(event) => {
          event.currentTarget.select();
        }}
      />
      <p className="field-hint" role="status">
        {copy === 'copied' ? t('accounts.oneTime.copied') : copy === 'selected' ? t('accounts.oneTime.selected') : ''}
      </p>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            copyText(password ?? '').then(
              () => {
                setCopy('copied');
              },
              () => {
                setCopy('selected');
                selectIt();
              },
            );
          }}
        >
          {copy === 'copied' ? <Check aria-hidden size={18} /> : <Copy aria-hidden size={18} />}{' '}
          {t('accounts.oneTime.copy')}
        </button>
        <button type="button" className="button primary" onClick={close}>
          {t('accounts.oneTime.done')}
        </button>
      </div>
    </ModalDialog>
  );
}
