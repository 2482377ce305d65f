import { useAppSettingStore } from '../state/app-setting-store.ts';

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** SHA-256 of the raw client id, base64url (43 characters of [A-Za-z0-9_-]). */
export async function hashClientId(
  raw: string,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
) {
  // crypto.subtle exists only in secure contexts; on plain http (a LAN address) the raw id, itself
  // random and 32+ characters of [0-9a-f-], serves: hashing a random value reveals nothing more.
  if (!subtle) return raw.replace(/[^A-Za-z0-9_-]/g, '');
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(raw));
  return base64url(new Uint8Array(digest));
}

/**
 * The hashed client id sent on login, logout, finalize, refresh and session calls (spec section 7).
 * The raw id is generated once on web; its hash is computed once and kept, so every call of every
 * session carries the same value (the server binds a session to it).
 */
export async function ensureHashedClientId(): Promise<string> {
  const { clientId, hashedClientId } = useAppSettingStore.getState();
  if (hashedClientId) return hashedClientId;
  const hashed = await hashClientId(clientId);
  useAppSettingStore.setState({ hashedClientId: hashed });
  return hashed;
}
