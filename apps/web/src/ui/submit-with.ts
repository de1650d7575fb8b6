import type { SyntheticEvent } from 'react';
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';

/**
 * A form's submit handler: the form's own checks first (react-hook-form with the shared zod
 * rules), then `send` with the values, usually a mutation's `mutate`.
 */
export function submitWith<T extends FieldValues>(
  handleSubmit: UseFormHandleSubmit<T>,
  send: (values: T) => void,
): (event: SyntheticEvent<HTMLFormElement>) => void {
  return (event) => {
    void handleSubmit((values) => {
      send(values);
    })(event);
  };
}
