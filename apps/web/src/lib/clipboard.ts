/**
 * The clipboard, for every feature. navigator.clipboard exists only in secure contexts, and a
 * phone on the host's LAN address over plain HTTP is not one: text falls back to the older
 * copy command there; images have no such fallback and reject, for the caller to say so.
 */

/** The pre-Clipboard-API way: select a hidden field's text and ask the document to copy it. */
function copyWithCommand(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  field.style.insetInlineStart = '-9999px';
  document.body.append(field);
  const selection = document.getSelection();
  const previous = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  field.focus({ preventScroll: true });
  field.select();
  let copied: boolean;
  try {
    // Deprecated, but the only copy a page that is not a secure context has; every browser keeps it.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    field.remove();
    focused?.focus({ preventScroll: true });
    if (previous && selection) {
      selection.removeAllRanges();
      selection.addRange(previous);
    }
  }
  return copied;
}

/** Text to the clipboard; rejects where neither the Clipboard API nor the copy command works. */
export async function copyText(text: string): Promise<void> {
  // Absent on insecure pages and in some embedded browsers, whatever the DOM types say.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, document not focused): the copy command may still work.
    }
  }
  if (!copyWithCommand(text)) throw new Error('Clipboard unavailable');
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

/** Whether this page can put an image on the clipboard at all. */
export function canCopyImages(): boolean {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  return Boolean(clipboard && typeof clipboard.write === 'function' && typeof ClipboardItem !== 'undefined');
}

/**
 * A photo to the clipboard. The ClipboardItem is built at once with a promise of the PNG, not
 * after awaiting the download: Safari only allows the write within the click that asked for it.
 */
export async function copyImage(load: () => Promise<Blob>): Promise<void> {
  if (!canCopyImages()) throw new Error('Clipboard unavailable');
  const png = load().then(toPng);
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
}
