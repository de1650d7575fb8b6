import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldNotes, notesOf } from '../../../ui/field';
import { COMMON_CURRENCIES, currencyLabel } from '../../../lib/price';

const OTHER = 'other';

interface CurrencyFieldProps {
  value: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  error?: string | undefined;
}

/**
 * The currency of a price: the common ones by name in the reader's language, and any other ISO
 * 4217 code typed in (the shared schema checks it is one).
 */
export function CurrencyField({ value, onChange, onBlur, error }: CurrencyFieldProps) {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  const codeId = useId();
  const common = (COMMON_CURRENCIES as readonly string[]).includes(value);
  const [typing, setTyping] = useState(!common && value !== '');
  const other = typing || !common;
  return (
    <div className="record-currency">
      <div className="field">
        <label htmlFor={selectId}>{t('records.things.currency')}</label>
        <select
          id={selectId}
          value={other ? OTHER : value}
          aria-invalid={error && !other ? true : undefined}
          aria-describedby={other ? undefined : notesOf(selectId, undefined, error)}
          onBlur={onBlur}
          onChange={(event) => {
            const next = event.target.value;
            setTyping(next === OTHER);
            onChange(next === OTHER ? '' : next);
          }}
        >
          {COMMON_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {currencyLabel(code, i18n.language)}
            </option>
          ))}
          <option value={OTHER}>{t('records.things.currencyOther')}</option>
        </select>
        {!other && <FieldNotes id={selectId} error={error} />}
      </div>
      {other && (
        <div className="field">
          <label htmlFor={codeId}>{t('records.things.currencyCode')}</label>
          <input
            id={codeId}
            value={value}
            maxLength={3}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            aria-invalid={error ? true : undefined}
            aria-describedby={notesOf(codeId, t('records.things.currencyCodeHint'), error)}
            onBlur={onBlur}
            onChange={(event) => {
              onChange(event.target.value.toUpperCase());
            }}
          />
          <FieldNotes id={codeId} hint={t('records.things.currencyCodeHint')} error={error} />
        </div>
      )}
    </div>
  );
}
