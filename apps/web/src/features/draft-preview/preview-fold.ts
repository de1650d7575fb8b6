import { useSyncExternalStore } from 'react';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';

const FOLDED = 'folded';

export const readFolded = (): boolean => safeStorage.get(STORAGE_KEYS.draftPreview) === FOLDED;

const listeners = new Set<() => void>();

/** Remembered per device: a member who put the preview away does not want it back on the next chat. */
export function setFolded(folded: boolean): void {
  if (folded) safeStorage.set(STORAGE_KEYS.draftPreview, FOLDED);
  else safeStorage.remove(STORAGE_KEYS.draftPreview);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Both halves of a plaza, and other tabs, fold together.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.draftPreview || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function usePreviewFolded(): boolean {
  return useSyncExternalStore(subscribe, readFolded, () => false);
}
