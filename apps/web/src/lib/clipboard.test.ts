import { afterEach, describe, expect, it, vi } from 'vitest';
import { canCopyImages, copyImage, copyText } from './clipboard';

/** navigator.clipboard as an insecure page (http://192.168.x.y) has it: not at all. */
function withoutClipboardApi() {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  it('uses the Clipboard API where the page has it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await copyText('Hola');
    expect(writeText).toHaveBeenCalledWith('Hola');
  });

  it('falls back to the copy command on a page without the Clipboard API (plain HTTP on the LAN)', async () => {
    withoutClipboardApi();
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      copied = command === 'copy' ? (document.activeElement as HTMLTextAreaElement).value : '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await copyText('Привет, как дела?');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('Привет, как дела?');
    // The helper field is gone again.
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('rejects when neither way works, so the screen can say so', async () => {
    withoutClipboardApi();
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await expect(copyText('x')).rejects.toThrow('Clipboard unavailable');
  });
});

describe('copyImage', () => {
  it('rejects without touching the network where images cannot go on the clipboard', async () => {
    withoutClipboardApi();
    const load = vi.fn(() => Promise.resolve(new Blob()));
    expect(canCopyImages()).toBe(false);
    await expect(copyImage(load)).rejects.toThrow('Clipboard unavailable');
    expect(load).not.toHaveBeenCalled();
  });
});
