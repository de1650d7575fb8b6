import { useCallback, useState } from 'react';
import { voiceSettingsSchema, type VoiceSettings } from '@tolk/shared/schemas/plazas';
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

const DEFAULT_VOICE: VoiceSettings = { enabled: false, rate: 1 };

export function readVoice(): VoiceSettings {
  const raw = safeStorage.get(STORAGE_KEYS.interpreterVoice);
  if (!raw) return DEFAULT_VOICE;
  try {
    const parsed = voiceSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_VOICE;
  } catch {
    return DEFAULT_VOICE;
  }
}

/** Opening a pair applies its voice settings; the plaza then reads them on every visit. */
export function saveVoice(voice: VoiceSettings): void {
  safeStorage.set(STORAGE_KEYS.interpreterVoice, JSON.stringify(voice));
}

export function useVoicePreference(): [VoiceSettings, (voice: VoiceSettings) => void] {
  const [voice, setVoiceState] = useState<VoiceSettings>(readVoice);
  const setVoice = useCallback((next: VoiceSettings) => {
    saveVoice(next);
    setVoiceState(next);
  }, []);
  return [voice, setVoice];
}
