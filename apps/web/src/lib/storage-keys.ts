/** Every key Tolk keeps in the browser's storage, in one place (spec section 9). */
export const STORAGE_KEYS = {
  loginResponse: 'tolk.loginResponse',
  loginRequest: 'tolk.loginRequest',
  uiLanguage: 'uiLanguage',
  darkMode: 'tolk.darkMode',
  cookieConsent: 'tolk.cookieConsent.v1',
  preloadReload: 'tolk.preloadReloadAt',
  interpreterProfiles: 'tolk.interpreterProfiles',
  /** Plaza id → guest token, so a guest who reloads is still in their plaza. */
  plazaTokens: 'tolk.plazaTokens',
  interpreterLayout: 'tolk.interpreterLayout',
  interpreterVoice: 'tolk.interpreterVoice',
  /** 'folded' when the member put the draft preview away on this device. */
  draftPreview: 'tolk.draftPreview',
} as const;

/** localStorage access that never throws (private mode, quota, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): boolean {
    try {
      localStorage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(key: string): boolean {
    try {
      localStorage.removeItem(key);
      return true;
    } catch {
      return false;
    }
  },
};
