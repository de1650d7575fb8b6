import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyPhoto } from './clipboard';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyPhoto', () => {
  it('copies the photo’s address on a page without the Clipboard API (plain HTTP on the LAN)', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      copied = command === 'copy' ? (document.activeElement as HTMLTextAreaElement).value : '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await copyPhoto('/api/uploads/7f0c2a.webp');
    expect(copied).toBe(`${window.location.origin}/api/uploads/7f0c2a.webp`);
  });
});
