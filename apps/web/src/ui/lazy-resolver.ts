import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver that arrives after the form: the schema library (zod is 25 KB gzip) is not
 * needed to show a form, only to check it, so a screen whose first render is a form does not wait
 * for it. Loading starts when the resolver is made (as the form is first shown); a submit before it
 * has arrived waits for it, and one after a failed load tries again.
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
  void loaded().catch(() => undefined);
  return async (values, context, options) => (await loaded())(values, context, options);
}
