import { get } from '../../lib/http';

export async function copyText(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}

async function asPng(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/png') return blob;
  // Browsers put only PNG images on the clipboard.
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) => {
    canvas.toBlob((png) => {
      if (png) resolve(png);
      else reject(new Error('The photo could not be converted.'));
    }, 'image/png');
  });
}

/**
 * Puts the photo itself on the clipboard; where the browser cannot take images, its address.
 * The photo is fetched through the app's client (baseURL cleared: photo URLs are already
 * rooted), with the access-token cookie like any <img>.
 */
export async function copyPhoto(url: string): Promise<void> {
  const absolute = new URL(url, window.location.origin).href;
  if (typeof ClipboardItem === 'undefined' || typeof navigator.clipboard.write !== 'function') {
    await copyText(absolute);
    return;
  }
  const png = get<Blob>(url, { baseURL: '', responseType: 'blob' }).then(asPng);
  try {
    // The promise form keeps Safari's user-activation window open while the photo downloads.
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
  } catch {
    await copyText(absolute);
  }
}
