import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before a list is asked again: one request per word, not per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListParams {
  /** The address's parameters: the list's filters and order. */
  params: URLSearchParams;
  /** The search the list shows (`?q=`), trimmed and at most `max` long. */
  q: string;
  /** What the search box shows: what is being typed, ahead of `q`. */
  typed: string;
  setTyped: (value: string) => void;
  /** Sets a parameter ('' removes it), replacing the address rather than adding to history. */
  setParam: (name: string, value: string) => void;
  /** What the list's search box takes (ui/search-field.tsx): what it shows, its change, its room. */
  search: { value: string; onChange: (value: string) => void; maxLength: number };
}

/**
 * A list's search, filters and order kept in the address, so back and refresh keep them. What is
 * typed goes to the address once typing pauses; a search changed from elsewhere (the menu's link,
 * back) is what the box then shows, rather than the box putting its own back.
 */
export function useListParams(max: number): ListParams {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, max);
  const [typed, setTyped] = useState(q);
  /** The search this box last put in the address (or took from it). */
  const [sent, setSent] = useState(q);
  if (q !== sent) {
    setSent(q);
    setTyped(q);
  }

  // The address as this hook last rendered or set it. React Router's functional update reads the
  // parameters of the last render, so changes made before the next render (a search landing while
  // a filter is picked, filters picked in a row) would each undo the one before; chained here.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const setParam = useCallback(
    (name: string, value: string) => {
      const next = new URLSearchParams(latest.current);
      if (value) next.set(name, value);
      else next.delete(name);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === q) return undefined;
    const timer = setTimeout(() => {
      setSent(wanted);
      setParam('q', wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed, q, setParam]);

  return { params, q, typed, setTyped, setParam, search: { value: typed, onChange: setTyped, maxLength: max } };
}
