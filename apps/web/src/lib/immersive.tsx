import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';

/**
 * How a screen that needs the whole phone (the interpreter plaza: two composers and the
 * conversation between them, or two people sharing one screen across a table) asks the app shell
 * to step aside. The shell hides its bottom navigation, banner and footer only on the paths it
 * allows (app/paths.ts, `shellLayout`), so no other screen can take the navigation away; the
 * header stays.
 */
const ImmersiveContext = createContext<(immersive: boolean) => void>(() => undefined);

export function ImmersiveProvider({
  onChange,
  children,
}: {
  onChange: (immersive: boolean) => void;
  children: ReactNode;
}) {
  return <ImmersiveContext value={onChange}>{children}</ImmersiveContext>;
}

/** While `immersive` is true and this screen is shown, ask the shell for the whole screen. */
export function useImmersive(immersive: boolean): void {
  const setImmersive = useContext(ImmersiveContext);
  // Before the browser paints, so the navigation never flashes in and out around the screen.
  useLayoutEffect(() => {
    setImmersive(immersive);
    return () => {
      setImmersive(false);
    };
  }, [setImmersive, immersive]);
}
