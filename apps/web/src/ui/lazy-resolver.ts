import type { FieldValues, Resolver } from 'react-hook-form';

/** What says the reader is about to use the page: a touch, a key, focus. */
const INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * A form's resolver that arrives after the form: the schema library (zod is 25 KB gzip, and
 * running its schemas is a long task on a slow phone) is not needed to show a form, only to check
 * it. Loading starts at the reader's first touch, key or focus after the form is shown, so a form
 * only looked at never loads it and one being filled has it by its first check; a submit before
 * it has arrived waits for it, and one after a failed load tries again.
 */
export function lazyResolver<F extends FieldValues>(load: () => Promise<Resolver<F>>): Resolver<F> {
  let loading: Promise<Resolver<F>> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  onFirstIntent(() => void loaded().catch(() => undefined));
  return async (values, context, options) => (await loaded())(values, context, options);
}

function onFirstIntent(run: () => void): void {
  // The build's prerender (scripts/prerender.ts) draws forms too, where no reader reaches for them.
  if (typeof document === 'undefined') return;
  const once = () => {
    for (const type of INTENT) document.removeEventListener(type, once, { capture: true });
    run();
  };
  for (const type of INTENT) document.addEventListener(type, once, { capture: true, passive: true });
}
