import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { audienceOf, isSuperAdmin, type Audience } from '@tolk/shared/roles';
import { clearAccessToken, setAccessToken } from './access-token-cookie';
import { setSessionHandler } from './http-error';
import { paths } from './paths';
import { safeStorage, STORAGE_KEYS } from './storage-keys';

/** The client-side session, field names as spec section 3 gives them. */
export interface LoginState {
  username: string;
  displayName: string;
  language: string;
  tenant: string;
  roles: string;
  userid: string;
  isactivesubscriber: boolean;
  isloggedin: boolean;
  /** The member's profile photo (API path), empty when they have none. Beyond the spec's fields. */
  avatarUrl: string;
  /**
   * Signed in with a one-time password an admin gave them: until they choose their own, the
   * server answers every other call with 403 password_change_required. Beyond the spec's fields.
   */
  mustChangePassword: boolean;
}

/** What the server sends (camelCase) or what an older client stored (lower-case): both are read. */
export type LoginResponseInput = Omit<Partial<LoginState>, 'avatarUrl'> & {
  avatarUrl?: string | null;
  userId?: string;
  activeSubscriber?: boolean;
  isLoggedIn?: boolean;
  token?: string;
};

export const LOGGED_OUT: LoginState = {
  username: '',
  displayName: '',
  language: '',
  tenant: '',
  roles: '',
  userid: '',
  isactivesubscriber: false,
  isloggedin: false,
  avatarUrl: '',
  mustChangePassword: false,
};

/** The fields an input actually carries, under the state's names (camelCase server names mapped). */
export function toStateFields(input: LoginResponseInput): Partial<LoginState> {
  const fields: Partial<LoginState> = {};
  for (const key of ['username', 'displayName', 'language', 'tenant', 'roles'] as const) {
    if (typeof input[key] === 'string') fields[key] = input[key];
  }
  const userid = input.userId ?? input.userid;
  if (typeof userid === 'string') fields.userid = userid;
  const subscriber = input.activeSubscriber ?? input.isactivesubscriber;
  if (typeof subscriber === 'boolean') fields.isactivesubscriber = subscriber;
  const loggedIn = input.isLoggedIn ?? input.isloggedin;
  if (typeof loggedIn === 'boolean') fields.isloggedin = loggedIn;
  if (typeof input.avatarUrl === 'string' || input.avatarUrl === null) fields.avatarUrl = input.avatarUrl ?? '';
  if (typeof input.mustChangePassword === 'boolean') fields.mustChangePassword = input.mustChangePassword;
  return fields;
}

/** Spec section 3: missing texts are empty, userid from userId, isloggedin inferred when absent. */
export function normalizeLoginResponse(input: LoginResponseInput): LoginState {
  const fields = toStateFields(input);
  const username = fields.username ?? '';
  const tenant = fields.tenant ?? '';
  return {
    username,
    displayName: fields.displayName ?? '',
    language: fields.language ?? '',
    tenant,
    roles: fields.roles ?? '',
    userid: fields.userid ?? '',
    isactivesubscriber: fields.isactivesubscriber ?? false,
    isloggedin: fields.isloggedin ?? Boolean(username || tenant),
    avatarUrl: fields.avatarUrl ?? '',
    mustChangePassword: fields.mustChangePassword ?? false,
  };
}

export function readStoredLogin(): LoginState {
  const raw = safeStorage.get(STORAGE_KEYS.loginResponse);
  if (!raw) return LOGGED_OUT;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return normalizeLoginResponse(parsed);
    }
  } catch {
    // A corrupt entry is the same as none.
  }
  return LOGGED_OUT;
}

/** Header status text (spec section 2): trimmed displayName, else username, else "sign in". */
export function statusText(state: LoginState, signInLabel: string): string {
  return state.displayName.trim() || state.username.trim() || signInLabel;
}

/**
 * Signed in and not held at a one-time password: what live connections and members' badges wait
 * for (the server refuses a held member's socket, which would otherwise read as signed out).
 */
export function isActiveMember(state: LoginState): boolean {
  return state.isloggedin && !state.mustChangePassword;
}

/** What a held member may still open besides the change itself. */
const OPEN_WHILE_HELD: readonly string[] = [paths.cookiePolicy];

/**
 * The one rule of a forced password change: a member signed in with a one-time password is sent
 * from wherever they are to the change-password screen, which returns them there once they have
 * chosen their own. Undefined when they may stay. The app's layout applies it on every route.
 */
export function passwordChangeRedirect(
  state: LoginState,
  location: { pathname: string; search: string },
): string | undefined {
  if (!state.isloggedin || !state.mustChangePassword) return undefined;
  const here = location.pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (here === paths.changePassword() || OPEN_WHILE_HELD.includes(here)) return undefined;
  return paths.changePassword(location.pathname + location.search);
}

export interface LoginRequest {
  username: string;
}

interface SessionValue {
  loginResponse: LoginState;
  audience: Audience;
  superAdmin: boolean;
  /** Merges a partial login response into the state and stores it; a token goes to the cookie. */
  updateLoginResponse: (partial: LoginResponseInput) => void;
  /** Removes the stored session and resets to logged out, even when storage fails. */
  clearLoginResponse: () => void;
  loginRequest: LoginRequest;
  setLoginRequest: (request: LoginRequest) => void;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);

function readLoginRequest(): LoginRequest {
  const raw = safeStorage.get(STORAGE_KEYS.loginRequest);
  if (!raw) return { username: '' };
  try {
    const parsed = JSON.parse(raw) as { username?: unknown };
    return { username: typeof parsed.username === 'string' ? parsed.username : '' };
  } catch {
    return { username: '' };
  }
}

export function LoginResponseProvider({ children }: { children: ReactNode }) {
  const [loginResponse, setLoginResponse] = useState<LoginState>(readStoredLogin);
  const [loginRequest, setLoginRequestState] = useState<LoginRequest>(readLoginRequest);

  const updateLoginResponse = useCallback((partial: LoginResponseInput) => {
    if (partial.token) setAccessToken(partial.token);
    setLoginResponse((current) => {
      const next = normalizeLoginResponse({ ...current, ...toStateFields(partial) });
      safeStorage.set(STORAGE_KEYS.loginResponse, JSON.stringify(next));
      return next;
    });
  }, []);

  const clearLoginResponse = useCallback(() => {
    safeStorage.remove(STORAGE_KEYS.loginResponse);
    try {
      clearAccessToken();
    } catch {
      // Reset regardless: the state must not outlive a failed removal.
    }
    setLoginResponse(LOGGED_OUT);
  }, []);

  // The password never touches storage: only the username is remembered for the next sign-in.
  const setLoginRequest = useCallback((request: LoginRequest) => {
    const next = { username: request.username };
    safeStorage.set(STORAGE_KEYS.loginRequest, JSON.stringify(next));
    setLoginRequestState(next);
  }, []);

  // Any call may learn that the member must first change a one-time password (403).
  const holdAtPasswordChange = useCallback(() => {
    setLoginResponse((current) => {
      if (!current.isloggedin || current.mustChangePassword) return current;
      const next = { ...current, mustChangePassword: true };
      safeStorage.set(STORAGE_KEYS.loginResponse, JSON.stringify(next));
      return next;
    });
  }, []);

  useEffect(() => {
    setSessionHandler('unauthorized', clearLoginResponse);
    setSessionHandler('passwordChangeRequired', holdAtPasswordChange);
    return () => {
      setSessionHandler('unauthorized', undefined);
      setSessionHandler('passwordChangeRequired', undefined);
    };
  }, [clearLoginResponse, holdAtPasswordChange]);

  // Signing in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.loginResponse || event.key === null) setLoginResponse(readStoredLogin());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      loginResponse,
      audience: audienceOf(loginResponse),
      superAdmin: loginResponse.isloggedin && isSuperAdmin(loginResponse),
      updateLoginResponse,
      clearLoginResponse,
      loginRequest,
      setLoginRequest,
    }),
    [loginResponse, updateLoginResponse, clearLoginResponse, loginRequest, setLoginRequest],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useLoginResponse(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useLoginResponse must be used within a LoginResponseProvider');
  return value;
}
