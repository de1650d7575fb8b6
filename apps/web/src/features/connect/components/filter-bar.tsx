import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Search, SlidersHorizontal, X } from 'lucide-react';
import { languageName } from '../../../lib/language-names';
import { cityLabel } from '../../../ui/city-picker';
import { NAME_SEARCH_MAX, NO_FILTERS, panelFilterCount, type ConnectFilters } from '../filters';
import { formatNumber } from '../../../lib/format';
import { formatDayRange, formatKm } from '../format';
import { FilterPanel } from './filter-panel';
import '../../../ui/text-button.css';

/** How long typing in the name search pauses before the list is asked again. */
export const NAME_SEARCH_DEBOUNCE_MS = 400;

interface FilterBarProps {
  filters: ConnectFilters;
  onChange: (filters: ConnectFilters) => void;
}

interface Chip {
  key: string;
  label: string;
  clear: Partial<ConnectFilters>;
}

/** The filters set, each as a chip that removes it: what the list shows is never a mystery. */
function useChips(filters: ConnectFilters): Chip[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const chips: Chip[] = [];
  if (filters.speaks) {
    chips.push({
      key: 'speaks',
      label: t('connect.chips.speaks', { language: languageName(filters.speaks, language) }),
      clear: { speaks: '' },
    });
  }
  if (filters.learns) {
    chips.push({
      key: 'learns',
      label: t('connect.chips.learns', { language: languageName(filters.learns, language) }),
      clear: { learns: '' },
    });
  }
  if (filters.interest) {
    chips.push({ key: 'interest', label: t(`interests.${filters.interest}`), clear: { interest: '' } });
  }
  if (filters.city || filters.withinKm !== null) {
    const place = filters.city ? cityLabel(filters.city, language) : null;
    const distance = filters.withinKm === null ? null : formatKm(filters.withinKm, language);
    chips.push({
      key: 'city',
      label:
        distance === null
          ? (place ?? '')
          : place === null
            ? t('connect.chips.nearHome', { distance })
            : t('connect.chips.near', { distance, place }),
      clear: { city: null, withinKm: null },
    });
  }
  if (filters.travellingTo) {
    const city = cityLabel(filters.travellingTo, language);
    chips.push({
      key: 'travel',
      label:
        filters.from || filters.until
          ? t('connect.chips.travelDates', {
              city,
              dates: formatDayRange(filters.from || filters.until, filters.until || filters.from, language),
            })
          : t('connect.chips.travel', { city }),
      clear: { travellingTo: null, from: '', until: '' },
    });
  }
  if (filters.ageMin !== null || filters.ageMax !== null) {
    const min = filters.ageMin === null ? null : formatNumber(filters.ageMin, language);
    const max = filters.ageMax === null ? null : formatNumber(filters.ageMax, language);
    chips.push({
      key: 'age',
      label:
        min !== null && max !== null
          ? t('connect.chips.ageRange', { min, max })
          : min !== null
            ? t('connect.chips.ageFrom', { min })
            : t('connect.chips.ageUntil', { max }),
      clear: { ageMin: null, ageMax: null },
    });
  }
  return chips;
}

/**
 * Discovery's filters: a name search and a Filters button on one compact row, the panel under
 * it when open, and the filters set as removable chips.
 */
export function FilterBar({ filters, onChange }: FilterBarProps) {
  const { t, i18n } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(filters.q);
  const [appliedQ, setAppliedQ] = useState(filters.q);
  // The URL changed the search (back, "Clear"): the box follows, unless it already says as much.
  if (appliedQ !== filters.q) {
    setAppliedQ(filters.q);
    if (draft.trim() !== filters.q) setDraft(filters.q);
  }
  const chips = useChips(filters);
  const count = panelFilterCount(filters);

  useEffect(() => {
    const q = draft.trim();
    if (q === filters.q) return undefined;
    const timer = setTimeout(() => {
      onChange({ ...filters, q });
    }, NAME_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [draft, filters, onChange]);

  return (
    <div className="filter-bar">
      <div className="filter-row">
        <form
          role="search"
          className="name-search"
          onSubmit={(event) => {
            event.preventDefault();
            const q = draft.trim();
            if (q !== filters.q) onChange({ ...filters, q });
          }}
        >
          <Search aria-hidden size={18} className="input-icon" />
          <input
            type="search"
            className="control"
            value={draft}
            maxLength={NAME_SEARCH_MAX}
            aria-label={t('connect.filters.search')}
            placeholder={t('connect.filters.search')}
            enterKeyHint="search"
            onChange={(event) => {
              setDraft(event.target.value);
            }}
          />
        </form>
        <button
          type="button"
          className={count > 0 ? 'button filter-toggle active' : 'button filter-toggle'}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpen((value) => !value);
          }}
        >
          <SlidersHorizontal aria-hidden size={18} />
          {t('connect.filters.title')}
          {count > 0 && (
            <span className="filter-count">
              <span aria-hidden>{formatNumber(count, i18n.language)}</span>{' '}
              <span className="visually-hidden">{t('connect.filters.active', { count })}</span>
            </span>
          )}
          <ChevronDown aria-hidden size={16} className={open ? 'chevron open' : 'chevron'} />
        </button>
      </div>
      {open && (
        <FilterPanel
          id={panelId}
          filters={filters}
          onApply={(next) => {
            onChange(next);
            setOpen(false);
          }}
        />
      )}
      {chips.length > 0 && (
        <ul className="filter-chips" aria-label={t('connect.filters.activeList')}>
          {chips.map((chip) => (
            <li key={chip.key}>
              <span>{chip.label}</span>
              <button
                type="button"
                className="chip-clear"
                aria-label={t('connect.filters.remove', { filter: chip.label })}
                onClick={() => {
                  onChange({ ...filters, ...chip.clear });
                }}
              >
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
          {chips.length > 1 && (
            <li className="filter-chips-clear">
              <button
                type="button"
                className="text-button"
                onClick={() => {
                  onChange({ ...NO_FILTERS, q: filters.q });
                }}
              >
                {t('connect.filters.clear')}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
