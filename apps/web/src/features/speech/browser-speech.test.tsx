import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSpeechInput } from './browser-speech';
import { installRecognizer, secureContext, uninstallSpeech } from './test-speech';

afterEach(uninstallSpeech);

describe('useSpeechInput on a page that may not use the microphone', () => {
  it('says so instead of doing nothing on a plain-HTTP LAN address', () => {
    const { started } = installRecognizer();
    secureContext(false);
    const blocked = vi.fn();
    const { result } = renderHook(() => useSpeechInput('es', '', vi.fn(), blocked));
    act(() => {
      result.current.start();
    });
    expect(blocked).toHaveBeenCalledWith('insecure');
    expect(started).not.toHaveBeenCalled();
    expect(result.current.listening).toBe(false);
  });

  it('says so when the microphone is refused', () => {
    const { instances } = installRecognizer();
    secureContext(true);
    const blocked = vi.fn();
    const { result } = renderHook(() => useSpeechInput('es', '', vi.fn(), blocked));
    act(() => {
      result.current.start();
    });
    expect(result.current.listening).toBe(true);
    act(() => {
      instances[0]?.onerror?.({ error: 'not-allowed' });
    });
    expect(blocked).toHaveBeenCalledWith('denied');
    expect(result.current.listening).toBe(false);
  });
});
