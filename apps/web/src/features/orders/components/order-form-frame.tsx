import type { ReactNode, SyntheticEvent } from 'react';
import { ConflictNotice } from '../../../ui/conflict-notice';
import { FormActions } from '../../../ui/form-actions';
import { FormError } from '../../../ui/form-error';

interface OrderFormFrameProps {
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void;
  /** The form's error as a whole (not one field's). */
  error: string | undefined;
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
  /** An edit refused because the order changed elsewhere: load theirs, or save mine over it. */
  conflict?: { onReload: () => void; onOverwrite: () => void } | undefined;
  children: ReactNode;
}

/** Around an order's fields: the form's own error, the notice of a change made elsewhere, send and cancel. */
export function OrderFormFrame({
  onSubmit,
  error,
  submitLabel,
  busy,
  onCancel,
  conflict,
  children,
}: OrderFormFrameProps) {
  return (
    <form className="order-form" noValidate onSubmit={onSubmit}>
      {children}
      <FormError>{error}</FormError>
      {conflict && <ConflictNotice busy={busy} onReload={conflict.onReload} onOverwrite={conflict.onOverwrite} />}
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
    </form>
  );
}
