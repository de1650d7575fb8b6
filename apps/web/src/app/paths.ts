/**
 * The shell's layout rules by path (spec section 2). The paths themselves are lib/paths.ts.
 */
/** Spec section 2: a tighter layout on these screens. */
export function isCompactPath(pathname: string): boolean {
  const first = pathname.toLowerCase().split('/')[1] ?? '';
  return ['person', 'place', 'thing', 'account', 'muse'].includes(first) || /^(muses|interpret|connect)/.test(first);
}

/**
 * Screens that may ask for the whole screen (lib/immersive.tsx): only the plaza, /interpret/{id},
 * where two composers and the conversation share one phone (face to face: across a table).
 */
export function isImmersivePath(pathname: string): boolean {
  const [first, second = '', ...rest] = pathname.toLowerCase().split('/').slice(1);
  return first === 'interpret' && second !== '' && second !== 'join' && rest.every((segment) => segment === '');
}

/**
 * How much of the shell a screen gets. `full`: header, banner, navigation and footer. `compact`:
 * the tighter layout of spec section 2, without the banner. `immersive`: compact, and without the
 * bottom navigation and footer either, when an immersive path's screen asks for it.
 */
export type ShellLayout = 'full' | 'compact' | 'immersive';

export function shellLayout(pathname: string, immersiveRequested = false): ShellLayout {
  if (immersiveRequested && isImmersivePath(pathname)) return 'immersive';
  return isCompactPath(pathname) ? 'compact' : 'full';
}
