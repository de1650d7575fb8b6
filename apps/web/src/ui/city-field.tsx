import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import type { CityChoice, CityRef } from '@tolk/shared/schemas/cities';
import { citiesQuery } from '../lib/cities';
import { CityPicker } from './city-picker';

interface CityFieldProps<T extends FieldValues, TName extends FieldPathByValue<T, CityRef | null>> {
  control: Control<T>;
  name: TName;
  rules?: UseControllerProps<T, TName>['rules'];
  label: string;
  hint?: string;
  placeholder?: string;
  /** Told of each city chosen from the list (with its centre), or of null when it is removed. */
  onChosen?: (city: CityChoice | null) => void;
}

/** A form's city (a home, a trip's destination, a filter): the city picker searching GET /api/cities. */
export function CityField<T extends FieldValues, TName extends FieldPathByValue<T, CityRef | null>>({
  control,
  name,
  rules,
  label,
  hint,
  placeholder,
  onChosen,
}: CityFieldProps<T, TName>) {
  const { field, fieldState } = useController({ control, name, rules });
  return (
    <CityPicker
      label={label}
      hint={hint}
      placeholder={placeholder}
      search={citiesQuery}
      name={field.name}
      value={field.value}
      onChange={(city) => {
        field.onChange(city);
        onChosen?.(city);
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
