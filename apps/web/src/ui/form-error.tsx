import type { ReactNode } from 'react';

/** A form's error as a whole (not one field's): announced at once, nothing rendered without one. */
export function FormError({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p role="alert" className="form-error">
      {children}
    </p>
  );
}
