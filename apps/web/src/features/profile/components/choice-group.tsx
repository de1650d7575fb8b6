import type { UseFormRegisterReturn } from 'react-hook-form';
import { ProfileFieldset } from './profile-fieldset';

interface ChoiceGroupProps {
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  /** form.register(name) of the field the radios share. */
  registration: UseFormRegisterReturn;
}

/** One answer of a few, as radio buttons: who can find me, who can message me. */
export function ChoiceGroup({ legend, hint, error, options, registration }: ChoiceGroupProps) {
  return (
    <ProfileFieldset legend={legend} hint={hint} error={error}>
      <div className="choices">
        {options.map((option) => (
          <label key={option.value} className="choice-row">
            <input type="radio" value={option.value} {...registration} />
            <span className="choice-label">{option.label}</span>
          </label>
        ))}
      </div>
    </ProfileFieldset>
  );
}
