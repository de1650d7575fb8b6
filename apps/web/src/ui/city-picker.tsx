import './city-picker.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MapPin, X } from 'lucide-react';
import type { LatLon } from '@tolk/shared/geo';
import type { CityChoice, CityRef, CitySearchResult } from '@tolk/shared/schemas/cities';
import { errorMessage } from './error-message';
import { FieldNotes, notesOf } from './field';

/** How long typing pauses before the list is asked: one request per word, not per letter. */
export const CITY_SEARCH_DEBOUNCE_MS = 200;

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country (ISO 3166-1 alpha-2) named in the interface language; its code where the browser has no name. */
export function countryName(code: string, uiLanguage: string): string {
  let names = regionNames.get(uiLanguage);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([uiLanguage], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    regionNames.set(uiLanguage, names);
  }
  try {
    return names?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const listComma = (uiLanguage: string) => (uiLanguage.toLowerCase().startsWith('ar') ? '، ' : ', ');

/** "Paris, France", with the country named in the interface language (and Arabic's own comma). */
export function cityLabel(city: CityRef, uiLanguage: string): string {
  return `${city.name}${listComma(uiLanguage)}${countryName(city.country, uiLanguage)}`;
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * "London, Kentucky, United States": a city as the picker offers it, with its region (state,
 * province), unless the region only repeats the city's name ("Berlin, Berlin") or has none.
 */
export function cityRegionLabel(city: CityRef, uiLanguage: string): string {
  const region = city.region && folded(city.region) !== folded(city.name) ? city.region : '';
  return [city.name, region, countryName(city.country, uiLanguage)].filter(Boolean).join(listComma(uiLanguage));
}

/** Coordinates to `digits` decimals, kept left to right inside a right-to-left label. */
const coordinatesText = ({ lat, lon }: LatLon, digits: number) =>
  `\u2066${lat.toFixed(digits)}, ${lon.toFixed(digits)}\u2069`;

/**
 * The picker's labels for a list of choices, each different from every other: a city with its
 * region, and where two would still read the same (namesakes in one region, or in one without a
 * name) with its centre's coordinates, to as many decimals as tell them apart.
 */
export function cityChoiceLabels(
  cities: readonly CityChoice[],
  uiLanguage: string,
  withCoordinates: (label: string, coordinates: string) => string,
): string[] {
  const labels = cities.map((city) => cityRegionLabel(city, uiLanguage));
  return labels.map((label, index) => {
    const city = cities[index]!;
    const twins = cities.filter((other, at) => at !== index && labels[at] === label);
    if (twins.length === 0) return label;
    let digits = 2;
    while (digits < 5 && twins.some((twin) => coordinatesText(twin, digits) === coordinatesText(city, digits)))
      digits++;
    return withCoordinates(label, coordinatesText(city, digits));
  });
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(value);
    }, ms);
    return () => {
      clearTimeout(timer);
    };
  }, [value, ms]);
  return debounced;
}

interface CityPickerProps<TKey extends QueryKey> {
  label: string;
  value: CityRef | null;
  /** The city chosen (with its centre, from the list), or null when it is removed. */
  onChange: (city: CityChoice | null) => void;
  /**
   * The query of GET /api/cities for a text: a feature's api/ owns the call (shared ui never
   * imports features), e.g. `citiesQuery` of lib/cities.ts.
   */
  search: (q: string) => UseQueryOptions<CitySearchResult, Error, CitySearchResult, TKey>;
  hint?: string | undefined;
  error?: string | undefined;
  placeholder?: string | undefined;
  name?: string | undefined;
  onBlur?: (() => void) | undefined;
}

/**
 * A city of the bundled list, picked by typing part of its name: the ARIA combobox pattern (list
 * autocomplete, manual selection). Arrow keys move through the suggestions, Enter picks one,
 * Escape closes them (then, pressed again, puts back the chosen city), and the clear button
 * removes the city.
 */
export function CityPicker<TKey extends QueryKey>({
  label,
  value,
  onChange,
  search,
  hint,
  error,
  placeholder,
  name,
  onBlur,
}: CityPickerProps<TKey>) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  /** What the member is typing, or null while the input shows the chosen city. */
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = draft ?? (value ? cityRegionLabel(value, i18n.language) : '');
  const q = useDebounced(draft?.trim() ?? '', CITY_SEARCH_DEBOUNCE_MS);
  const searching = open && draft !== null && draft.trim() !== '' && q !== '';
  const query = useQuery({ ...search(q), enabled: searching, placeholderData: keepPreviousData });
  const cities = searching ? (query.data?.cities ?? []) : [];
  const expanded = cities.length > 0;
  const labels = cityChoiceLabels(cities, i18n.language, (city, coordinates) =>
    t('cityPicker.at', { city, coordinates }),
  );
  const activeIndex = active < cities.length ? active : -1;
  const activeCity = activeIndex >= 0 ? cities[activeIndex] : undefined;
  const optionId = (city: CityChoice) => `${id}-city-${city.id}`;
  const activeOptionId = activeCity ? optionId(activeCity) : undefined;

  useEffect(() => {
    // The highlighted suggestion stays in sight (jsdom, in tests, has no scrollIntoView).
    const option = activeOptionId ? document.getElementById(activeOptionId) : null;
    if (option && 'scrollIntoView' in option) option.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  let status = '';
  if (searching && query.isError) status = errorMessage(query.error, t);
  else if (searching && (query.isFetching || query.isPlaceholderData) && !expanded) status = t('cityPicker.searching');
  else if (searching && query.isSuccess && !expanded) status = t('cityPicker.noMatch', { query: q });

  const choose = (city: CityChoice) => {
    onChange(city);
    setDraft(null);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(draft !== null);
        else if (expanded) setActive((index) => (index + 1 >= cities.length ? 0 : index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (expanded) setActive((index) => (index <= 0 ? cities.length - 1 : index - 1));
        break;
      case 'Enter':
        // A half-typed city never submits the form around it.
        if (expanded) {
          event.preventDefault();
          if (activeCity) choose(activeCity);
        }
        break;
      case 'Escape':
        if (open && expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (draft !== null) {
          event.preventDefault();
          setDraft(null);
          setOpen(false);
        }
        break;
      default:
    }
  };

  return (
    <div className="field city-picker">
      <label htmlFor={id}>{label}</label>
      <div className="city-picker-control">
        <MapPin aria-hidden size={18} className="input-icon" />
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOptionId}
          aria-invalid={error ? true : undefined}
          aria-describedby={notesOf(id, hint, error)}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={placeholder ?? t('cityPicker.placeholder')}
          value={text}
          onChange={(event) => {
            setDraft(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // Text left that names no city puts the chosen one back; an emptied input removes it.
            if (draft !== null && draft.trim() === '' && value) onChange(null);
            setDraft(null);
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
        />
        {text && (
          <button
            type="button"
            className="icon-button city-picker-clear"
            aria-label={t('cityPicker.clear')}
            onClick={() => {
              onChange(null);
              setDraft(null);
              setOpen(false);
              setActive(-1);
              inputRef.current?.focus();
            }}
          >
            <X aria-hidden size={18} />
          </button>
        )}
        <ul id={listId} role="listbox" aria-label={label} className="city-picker-list" hidden={!expanded}>
          {cities.map((city, index) => (
            <li
              key={city.id}
              id={optionId(city)}
              role="option"
              aria-selected={index === activeIndex}
              className="city-picker-option"
              // The input keeps the focus (and its typed text) while a suggestion is tapped.
              onMouseDown={(event) => {
                event.preventDefault();
              }}
              onClick={() => {
                choose(city);
              }}
            >
              {labels[index]}
            </li>
          ))}
        </ul>
      </div>
      <p className="city-picker-status" role="status">
        {status}
      </p>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
