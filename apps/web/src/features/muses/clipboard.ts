import { copyImage, copyText } from '../../lib/clipboard';
import { get } from '../../lib/http';

/**
 * Puts the photo itself on the clipboard; where the browser cannot take images (or refuses),
 * its address. The photo is fetched through the app's client (baseURL cleared: photo URLs are
 * already rooted), with the access-token cookie like any <img>.
 */
export async function copyPhoto(url: string): Promise<void> {
  const absolute = new URL(url, window.location.origin).href;
  try {
    await copyImage(() => get<Blob>(url, { baseURL: '', responseType: 'blob' }));
  } catch {
    await copyText(absolute);
  }
}
