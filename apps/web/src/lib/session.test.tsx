import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken } from './access-token-cookie';
import { notifySession } from './http-error';
import {
  LoginResponseProvider,
  normalizeLoginResponse,
  passwordChangeRedirect,
  statusText,
  useLoginResponse,
  LOGGED_OUT,
} from './session';
import { STORAGE_KEYS } from './storage-keys';

const wrapper = ({ children }: { children: ReactNode }) => <LoginResponseProvider>{children}</LoginResponseProvider>;

const serverResponse = {
  username: 'kari',
  displayName: '  Kari Nordmann ',
  language: 'nb',
  tenant: 'public',
  roles: 'user',
  userId: 'u-1',
  activeSubscriber: true,
  isLoggedIn: true,
  token: 'header.payload.signature',
};

describe('normalizeLoginResponse (spec section 3)', () => {
  it('defaults missing texts to empty and flags to false', () => {
    expect(normalizeLoginResponse({})).toEqual(LOGGED_OUT);
  });

  it('takes userid from userId and isactivesubscriber from activeSubscriber', () => {
    const state = normalizeLoginResponse({ userId: 'abc', activeSubscriber: true });
    expect(state.userid).toBe('abc');
    expect(state.isactivesubscriber).toBe(true);
  });

  it('infers isloggedin from a username or a tenant when the flag is absent', () => {
    expect(normalizeLoginResponse({ username: 'kari' }).isloggedin).toBe(true);
    expect(normalizeLoginResponse({ tenant: 'root' }).isloggedin).toBe(true);
    expect(normalizeLoginResponse({ username: 'kari', isloggedin: false }).isloggedin).toBe(false);
  });
});

describe('passwordChangeRedirect (a one-time password is changed before anything else)', () => {
  const held = { ...LOGGED_OUT, username: 'kari', isloggedin: true, mustChangePassword: true };
  const at = (pathname: string, search = '') => ({ pathname, search });

  it('sends a held member from anywhere to the change, remembering where they were going', () => {
    expect(passwordChangeRedirect(held, at('/person', '?q=ana'))).toBe('/changepassword?returnTo=%2Fperson%3Fq%3Dana');
    expect(passwordChangeRedirect(held, at('/'))).toBe('/changepassword?returnTo=%2F');
    expect(passwordChangeRedirect(held, at('/account/page'))).toBe('/changepassword?returnTo=%2Faccount%2Fpage');
  });

  it('keeps them on the change itself and lets them read the cookie policy', () => {
    expect(passwordChangeRedirect(held, at('/changepassword', '?returnTo=%2Fperson'))).toBeUndefined();
    expect(passwordChangeRedirect(held, at('/ChangePassword/'))).toBeUndefined();
    expect(passwordChangeRedirect(held, at('/cookie-policy'))).toBeUndefined();
  });

  it('holds nobody else', () => {
    expect(passwordChangeRedirect({ ...held, mustChangePassword: false }, at('/person'))).toBeUndefined();
    expect(passwordChangeRedirect({ ...held, isloggedin: false }, at('/person'))).toBeUndefined();
  });
});

describe('statusText (spec section 2)', () => {
  it('prefers the trimmed display name, then the username, then "sign in"', () => {
    expect(statusText({ ...LOGGED_OUT, displayName: '  Kari ', username: 'kari' }, 'sign in')).toBe('Kari');
    expect(statusText({ ...LOGGED_OUT, displayName: '   ', username: 'kari' }, 'sign in')).toBe('kari');
    expect(statusText(LOGGED_OUT, 'sign in')).toBe('sign in');
  });
});

describe('LoginResponseProvider', () => {
  it('throws the spec message when used outside its provider', () => {
    expect(() => renderHook(() => useLoginResponse())).toThrow(
      'useLoginResponse must be used within a LoginResponseProvider',
    );
  });

  it('starts logged out, and reads a stored object on startup', () => {
    expect(renderHook(() => useLoginResponse(), { wrapper }).result.current.audience).toBe('guest');
    localStorage.setItem(STORAGE_KEYS.loginResponse, JSON.stringify({ username: 'ola', tenant: 'root' }));
    const { result } = renderHook(() => useLoginResponse(), { wrapper });
    expect(result.current.loginResponse.username).toBe('ola');
    expect(result.current.audience).toBe('superAdmin');
  });

  it('holds a signed-in member at the password change when any call says so, and stores it', () => {
    const { result } = renderHook(() => useLoginResponse(), { wrapper });
    act(() => {
      notifySession('passwordChangeRequired');
    });
    // A guest has nothing to change.
    expect(result.current.loginResponse).toEqual(LOGGED_OUT);
    act(() => {
      result.current.updateLoginResponse(serverResponse);
    });
    expect(result.current.loginResponse.mustChangePassword).toBe(false);
    act(() => {
      notifySession('passwordChangeRequired');
    });
    expect(result.current.loginResponse.mustChangePassword).toBe(true);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.loginResponse) ?? '{}') as Record<string, unknown>;
    expect(stored.mustChangePassword).toBe(true);
    act(() => {
      result.current.updateLoginResponse({ ...serverResponse, mustChangePassword: false });
    });
    expect(result.current.loginResponse.mustChangePassword).toBe(false);
  });

  it('ignores a stored value that is not an object', () => {
    localStorage.setItem(STORAGE_KEYS.loginResponse, '"just text"');
    expect(renderHook(() => useLoginResponse(), { wrapper }).result.current.loginResponse).toEqual(LOGGED_OUT);
  });

  it('merges an update into the state, stores it, and puts the token in the cookie', () => {
    const { result } = renderHook(() => useLoginResponse(), { wrapper });
    act(() => {
      result.current.updateLoginResponse(serverResponse);
    });
    expect(result.current.loginResponse.isloggedin).toBe(true);
    expect(result.current.audience).toBe('user');
    expect(getAccessToken()).toBe(serverResponse.token);
    act(() => {
      result.current.updateLoginResponse({ displayName: 'Kari N.' });
    });
    expect(result.current.loginResponse.username).toBe('kari');
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.loginResponse) ?? '{}') as Record<string, unknown>;
    expect(stored.displayName).toBe('Kari N.');
    expect(stored).not.toHaveProperty('token');
  });

  it('clears the stored session, the cookie and the state', () => {
    const { result } = renderHook(() => useLoginResponse(), { wrapper });
    act(() => {
      result.current.updateLoginResponse(serverResponse);
    });
    expect(localStorage.getItem(STORAGE_KEYS.loginResponse)).not.toBeNull();
    act(() => {
      result.current.clearLoginResponse();
    });
    expect(localStorage.getItem(STORAGE_KEYS.loginResponse)).toBeNull();
    expect(getAccessToken()).toBeUndefined();
    expect(result.current.loginResponse).toEqual(LOGGED_OUT);
    // A fresh provider (a reload) starts logged out too.
    expect(renderHook(() => useLoginResponse(), { wrapper }).result.current.loginResponse).toEqual(LOGGED_OUT);
  });

  it('clears storage, cookie and state, even when storage refuses the removal', () => {
    const { result } = renderHook(() => useLoginResponse(), { wrapper });
    act(() => {
      result.current.updateLoginResponse(serverResponse);
    });
    const refuse = vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('storage disabled');
    });
    try {
      act(() => {
        result.current.clearLoginResponse();
      });
    } finally {
      refuse.mockRestore();
    }
    expect(result.current.loginResponse).toEqual(LOGGED_OUT);
    expect(getAccessToken()).toBeUndefined();
  });

  it('stores the username of a login request but never the password', () => {
    const { result } = renderHook(() => useLoginResponse(), { wrapper });
    act(() => {
      result.current.setLoginRequest({ username: 'kari', password: 'secret-pass' } as { username: string });
    });
    expect(localStorage.getItem(STORAGE_KEYS.loginRequest)).toBe('{"username":"kari"}');
  });

  it('applies a sign-out made in another tab', () => {
    localStorage.setItem(STORAGE_KEYS.loginResponse, JSON.stringify({ username: 'kari', isloggedin: true }));
    function Status() {
      return <p>{useLoginResponse().loginResponse.username || 'nobody'}</p>;
    }
    render(<Status />, { wrapper });
    expect(screen.getByText('kari')).toBeTruthy();
    act(() => {
      localStorage.removeItem(STORAGE_KEYS.loginResponse);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.loginResponse, newValue: null }));
    });
    expect(screen.getByText('nobody')).toBeTruthy();
  });
});
