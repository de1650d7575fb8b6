import { useState } from 'react';
import { Plus, X } from 'lucide-react';
import { languageName } from '../lib/language-names';
import { LanguageSelect } from './language-select';
import './chips.css';

interface LanguageChipsProps {
  value: string[];
  onChange: (codes: string[]) => void;
  /** How many the list may hold: the picker goes when it is full. */
  max: number;
  texts: {
    /** The picker's label, read by screen readers. */
    pick: string;
    /** The picker's first option, before a language is chosen. */
    choose: string;
    add: string;
    remove: (language: string) => string;
  };
}

/**
 * Languages as chips, each removable, and a picker of the translation languages to add one more:
 * the languages I am learning, the languages of someone I met. The caller puts it under its legend.
 */
export function LanguageChips({ value, onChange, max, texts }: LanguageChipsProps) {
  const [picked, setPicked] = useState('');
  const add = () => {
    if (picked && !value.includes(picked)) onChange([...value, picked]);
    setPicked('');
  };
  return (
    <>
      {value.length > 0 && (
        <ul className="chips removable-chips">
          {value.map((code) => (
            <li key={code}>
              <span lang={code}>{languageName(code)}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={texts.remove(languageName(code))}
                onClick={() => {
                  onChange(value.filter((other) => other !== code));
                }}
              >
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {value.length < max && (
        <div className="chips-add">
          <LanguageSelect
            hiddenLabel
            label={texts.pick}
            value={picked}
            extraOption={{ value: '', label: texts.choose }}
            onChange={setPicked}
          />
          <button type="button" className="button" disabled={!picked} onClick={add}>
            <Plus aria-hidden size={16} /> {texts.add}
          </button>
        </div>
      )}
    </>
  );
}
