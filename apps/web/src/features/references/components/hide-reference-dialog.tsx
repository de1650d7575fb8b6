import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EyeOff } from 'lucide-react';
import { TextAreaField } from '../../../ui/field';
import { DialogFormActions } from '../../../ui/form-actions';
import { FormError } from '../../../ui/form-error';
import { ModalDialog } from '../../../ui/modal-dialog';
import { errorMessage } from '../../../ui/error-message';
import { useHideReference } from '../api/hide-reference';

const REASON_MIN = 3;
const REASON_MAX = 500;

interface HideReferenceDialogProps {
  /** The reference to hide; the dialog is closed without one. */
  referenceId: string | null;
  onClose: () => void;
  /** After it is hidden (the report can then be dismissed as usual). */
  onHidden?: () => void;
}

/** A superadmin hides a reported reference from everyone, saying why (kept in the audit log). */
export function HideReferenceDialog({ referenceId, onClose, onHidden }: HideReferenceDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hide = useHideReference();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  const close = () => {
    setReason('');
    setError(undefined);
    setFailure(undefined);
    onClose();
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = reason.trim();
    if (value.length < REASON_MIN) {
      setError(t('validation.minChars', { count: REASON_MIN }));
      return;
    }
    if (!referenceId) return;
    hide.mutate(
      { id: referenceId, reason: value },
      {
        onSuccess: () => {
          toast.success(t('references.hide.done'));
          close();
          onHidden?.();
        },
        onError: (cause) => {
          setFailure(errorMessage(cause, t));
        },
      },
    );
  };

  return (
    <ModalDialog open={referenceId !== null} onClose={close} labelledBy={titleId}>
      <form noValidate onSubmit={submit}>
        <h2 id={titleId}>
          <EyeOff aria-hidden size={20} /> {t('references.hide.title')}
        </h2>
        <p className="muted small">{t('references.hide.lead')}</p>
        <FormError>{failure}</FormError>
        <TextAreaField
          label={t('references.hide.reason')}
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <DialogFormActions busy={hide.isPending} onCancel={close} danger>
          {t('references.hide.action')}
        </DialogFormActions>
      </form>
    </ModalDialog>
  );
}
