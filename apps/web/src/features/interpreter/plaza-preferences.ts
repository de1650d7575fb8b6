import { useCallback, useState } from 'react';
import type { VoiceSettings } from '@tolk/shared/schemas/plazas';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';

export type PlazaLayout = 'face-to-face' | 'normal';

export function readLayout(): PlazaLayout {
  return safeStorage.get(STORAGE_KEYS.interpreterLayout) === 'face-to-face' ? 'face-to-face' : 'normal';
}

/** The layout is a property of the table the phone lies on, so it is remembered per device. */
export function useLayoutPreference(): [PlazaLayout, (layout: PlazaLayout) => void] {
  const [layout, setLayoutState] = useState<PlazaLayout>(readLayout);
  const setLayout = useCallback((next: PlazaLayout) => {
    safeStorage.set(STORAGE_KEYS.interpreterLayout, next);
    setLayoutState(next);
  }, []);
  return [layout, setLayout];
}

/**
 * Opening a pair applies its voice settings; the plaza then reads them on every visit, checked
 * against their schema (voice-preference.ts): apart, so the interpreter's first screen, which only
 * writes them, runs no zod.
 */
export function saveVoice(voice: VoiceSettings): void {
  safeStorage.set(STORAGE_KEYS.interpreterVoice, JSON.stringify(voice));
}
