/**
 * A share link opened while logged out is kept here until the user has logged in, so the app can
 * resume it whichever way the login screens lead back (spec section 2: share/{token}).
 */
const KEY = 'hestia.pending-share';

export function rememberShareToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Private mode without storage: the redirect state still carries the target.
  }
}

export function takeShareToken(): string | null {
  try {
    const token = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return token;
  } catch {
    return null;
  }
}

export function peekShareToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
