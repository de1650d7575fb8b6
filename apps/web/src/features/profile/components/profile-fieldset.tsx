import { useId, type ReactNode } from 'react';
import { FieldNotes } from '../../../ui/field';

interface ProfileFieldsetProps {
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Said after the controls ("the list is full"), announced as it changes: '' for nothing yet. */
  status?: string | undefined;
  children: ReactNode;
}

/** A group of the profile form's controls under one legend, its hint and error tied to it. */
export function ProfileFieldset({ legend, hint, error, status, children }: ProfileFieldsetProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="legend-inside profile-fieldset" aria-describedby={described || undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {status !== undefined && (
        <p className="profile-fieldset-status" role="status">
          {status}
        </p>
      )}
      <FieldNotes id={id} error={error} />
    </fieldset>
  );
}
