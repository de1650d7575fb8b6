import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * False until the element comes within half a screen of the viewport, then true for good:
 * when a part further down the page may load, so one never scrolled to costs nothing and one
 * scrolled to is in by the time it shows. True at once where IntersectionObserver is missing.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return undefined;
    const markNear = () => {
      startTransition(() => {
        setNear(true);
      });
    };
    if (typeof IntersectionObserver === 'undefined') {
      markNear();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        markNear();
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [near, ref]);
  return near;
}
