/** Text to the clipboard; rejects where the browser refuses (no permission, insecure page). */
export async function copyText(text: string): Promise<void> {
  // Absent on insecure pages and in some embedded browsers, whatever the DOM types say.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) throw new Error('Clipboard unavailable');
  await clipboard.writeText(text);
}

/** Browsers accept image/png on the clipboard everywhere; JPEG and WebP only here and there. */
export async function toPng(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas');
    context.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((png) => {
        if (png) resolve(png);
        else reject(new Error('Could not encode PNG'));
      }, 'image/png');
    });
  } finally {
    bitmap.close();
  }
}

/**
 * A photo to the clipboard. The ClipboardItem is built at once with a promise of the PNG, not
 * after awaiting the download: Safari only allows the write within the click that asked for it.
 */
export async function copyImage(load: () => Promise<Blob>): Promise<void> {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard || typeof ClipboardItem === 'undefined') throw new Error('Clipboard unavailable');
  const png = load().then(toPng);
  await clipboard.write([new ClipboardItem({ 'image/png': png })]);
}
