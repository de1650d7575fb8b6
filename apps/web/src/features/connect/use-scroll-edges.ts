import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Which ends of a sideways-scrolling row hide something ('start', 'end', both or neither, in the
 * reading direction: Arabic's start is on the right), for a fade that says the row scrolls.
 */
export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState('');

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const hidden = element.scrollWidth - element.clientWidth;
    // Right to left, browsers count scrollLeft from 0 down to -hidden.
    const position = Math.abs(element.scrollLeft);
    const next = [position > 1 ? 'start' : '', position < hidden - 1 ? 'end' : ''].filter(Boolean).join(' ');
    setEdges(next);
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    // The row, and each thing in it: a label in another language or a new count changes the width.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      observer.disconnect();
    };
  }, [measure]);

  return { ref, edges, onScroll: measure };
}
