import { useCallback, useState } from 'react';
import { voiceSettingsSchema, type VoiceSettings } from '@tolk/shared/schemas/plazas';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { saveVoice } from './plaza-preferences';

const DEFAULT_VOICE: VoiceSettings = { enabled: false, rate: 1 };

/** The voice settings opening a pair stored (plaza-preferences.ts), or the defaults where they do not fit their schema. */
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

export function useVoicePreference(): [VoiceSettings, (voice: VoiceSettings) => void] {
  const [voice, setVoiceState] = useState<VoiceSettings>(readVoice);
  const setVoice = useCallback((next: VoiceSettings) => {
    saveVoice(next);
    setVoiceState(next);
  }, []);
  return [voice, setVoice];
}
