import type { TFunction } from 'i18next';
import type { UseFormSetError } from 'react-hook-form';
import { HttpError } from '../../lib/http-error';
import { errorMessage } from '../../ui/error-message';
import { showServerFieldErrors } from '../../ui/schema-form';
import { orderFieldMessage, orderFieldOf, type OrderForm } from './order-form';

/**
 * A refused order or change, said where it belongs: each field's problem next to it; the thing's
 * own (no longer offered, not available now, one's own) or anything else for the form as a whole.
 */
export function showOrderErrors(error: unknown, setError: UseFormSetError<OrderForm>, t: TFunction): void {
  if (showServerFieldErrors(error, orderFieldOf, setError, orderFieldMessage)) return;
  const thingProblem = error instanceof HttpError ? error.fields.thingId?.[0] : undefined;
  setError('root', {
    type: 'server',
    message: thingProblem ? orderFieldMessage(thingProblem) : errorMessage(error, t),
  });
}
