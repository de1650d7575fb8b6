import { useId } from 'react';
import { Search } from 'lucide-react';
import './search-field.css';

interface SearchFieldProps {
  /** Its name, read by screen readers and shown as the placeholder. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  className?: string;
}

/** A list's search box: a magnifier at its start, its label for screen readers. */
export function SearchField({ label, value, onChange, maxLength, className }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={['field search-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="field-control">
        <Search aria-hidden size={18} className="input-icon" />
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          placeholder={label}
          autoComplete="off"
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      </div>
    </div>
  );
}
