import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_VERSION, readCookieConsent, useCookieConsent } from './cookie-consent';
import { STORAGE_KEYS } from './storage-keys';

describe('cookie consent (spec section 4)', () => {
  it('is absent at first; Accept stores the three categories with version 1', () => {
    const { result } = renderHook(() => useCookieConsent());
    expect(result.current.consent).toBeNull();
    act(() => {
      result.current.accept();
    });
    expect(result.current.consent).toEqual({ necessary: true, analytics: true, marketing: true, version: 1 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cookieConsent) ?? 'null')).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      version: COOKIE_CONSENT_VERSION,
    });
  });

  it('the reopen action clears the consent so the banner shows again', () => {
    const { result } = renderHook(() => useCookieConsent());
    act(() => {
      result.current.accept();
    });
    act(() => {
      result.current.reopen();
    });
    expect(result.current.consent).toBeNull();
  });

  it('treats another version or a corrupt value as absent', () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ necessary: true, version: 2 }));
    expect(readCookieConsent()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.cookieConsent, '{oops');
    expect(readCookieConsent()).toBeNull();
  });
});
