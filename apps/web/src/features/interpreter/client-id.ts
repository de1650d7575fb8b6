/**
 * A random id for a draft muse or a guest's pair. crypto.randomUUID exists only in secure
 * contexts, and a phone on the venue's LAN address is not one, so fall back to getRandomValues.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
