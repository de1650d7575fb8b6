import { useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Flag } from 'lucide-react';
import { REPORT_NOTE_MAX, REPORT_REASONS } from '@tolk/shared/schemas/connect';
import { errorMessage } from './error-message';
import { FieldNotes, TextAreaField } from './field';
import { DialogFormActions } from './form-actions';
import { FormError } from './form-error';
import { ModalDialog } from './modal-dialog';
import { submitWith } from './submit-with';
import './report-dialog.css';

export type ReportReason = (typeof REPORT_REASONS)[number];

/** The interface key naming each reason, and the one explaining it. */
export const REPORT_REASON_KEYS: Record<ReportReason, { label: string; hint: string }> = {
  spam: { label: 'report.reasons.spam', hint: 'report.reasonHints.spam' },
  harassment: { label: 'report.reasons.harassment', hint: 'report.reasonHints.harassment' },
  inappropriate: { label: 'report.reasons.inappropriate', hint: 'report.reasonHints.inappropriate' },
  fake: { label: 'report.reasons.fake', hint: 'report.reasonHints.fake' },
  other: { label: 'report.reasons.other', hint: 'report.reasonHints.other' },
};

interface ReportDialogProps {
  open: boolean;
  /** "Report Lucía", "Report this trip": what is reported. */
  title: string;
  busy?: boolean;
  /** Files the report; a rejection (the daily limit, say) is shown in the dialog. */
  onSubmit: (reason: ReportReason, note: string) => Promise<unknown>;
  onClose: () => void;
}

interface ReportForm {
  reason: ReportReason | '';
  note: string;
}

const EMPTY: ReportForm = { reason: '', note: '' };

/**
 * Reporting a profile, a trip or a muse: why (one reason of five, required) and, optionally, what
 * happened. Presentational: the caller files it, thanks the member and closes the dialog.
 */
export function ReportDialog({ open, title, busy = false, onSubmit, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const leadId = useId();
  const reasonId = useId();
  const firstReason = useRef<HTMLInputElement | null>(null);
  const form = useForm<ReportForm>({ defaultValues: EMPTY });
  const { errors } = form.formState;
  const noteLength = useWatch({ control: form.control, name: 'note' }).length;
  const reasonError = errors.reason?.message;
  const { ref: reasonRef, ...reason } = form.register('reason', { required: t('report.reasonRequired') });
  const note = form.register('note', {
    maxLength: { value: REPORT_NOTE_MAX, message: t('validation.maxChars', { count: REPORT_NOTE_MAX }) },
  });

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const send = (values: ReportForm) => {
    if (!values.reason) return;
    form.clearErrors('root');
    onSubmit(values.reason, values.note.trim()).then(
      () => {
        form.reset(EMPTY);
      },
      (error: unknown) => {
        form.setError('root', { type: 'server', message: errorMessage(error, t) });
      },
    );
  };

  return (
    <ModalDialog
      open={open}
      onClose={close}
      labelledBy={titleId}
      describedBy={leadId}
      className="report-dialog"
      initialFocus={firstReason}
    >
      <form noValidate onSubmit={submitWith(form.handleSubmit, send)}>
        <h2 id={titleId}>
          <Flag aria-hidden size={20} /> {title}
        </h2>
        <p id={leadId} className="muted small">
          {t('report.lead')}
        </p>
        <FormError>{errors.root?.message}</FormError>
        <fieldset
          className="choice-group"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${reasonId}-error` : undefined}
        >
          <legend>{t('report.reason')}</legend>
          {REPORT_REASONS.map((value, index) => (
            <label key={value} className="choice-row">
              <input
                type="radio"
                value={value}
                ref={(element) => {
                  reasonRef(element);
                  if (index === 0) firstReason.current = element;
                }}
                {...reason}
              />
              <span>
                <span className="choice-label">{t(REPORT_REASON_KEYS[value].label)}</span>
                <span className="choice-hint">{t(REPORT_REASON_KEYS[value].hint)}</span>
              </span>
            </label>
          ))}
          <FieldNotes id={reasonId} error={reasonError} />
        </fieldset>
        <TextAreaField
          label={t('report.note')}
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          hint={t('report.noteHint')}
          error={errors.note?.message}
          count={t('report.count', { used: noteLength, max: REPORT_NOTE_MAX })}
          {...note}
        />
        <DialogFormActions busy={busy} onCancel={close} danger>
          {busy ? t('report.sending') : t('report.send')}
        </DialogFormActions>
      </form>
    </ModalDialog>
  );
}
