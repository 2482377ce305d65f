import type { CallInput } from '@hestia/client';
import type { LoginResult, Profile, Session } from '@hestia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../state/auth-store.ts';
import { adoptLogin, api } from './api.ts';
import { ensureHashedClientId } from './client-id.ts';

export const profileKey = ['users', 'profile'] as const;
export const profileImageKey = ['users', 'profile-image'] as const;
export const sessionsKey = ['users', 'sessions'] as const;

/** Calls that carry the hashed client id wait for it, so a session is bound from its first call. */
async function withClientId<T>(call: () => Promise<T>): Promise<T> {
  await ensureHashedClientId();
  return call();
}

export function loginWithPassword(username: string, password: string): Promise<LoginResult> {
  return withClientId(() => api.call('login', { body: { username, password } }));
}
export function loginWithCode(username: string, code: string): Promise<LoginResult> {
  return withClientId(() => api.call('login', { body: { username, code } }));
}
export function sendLoginCode(username: string) {
  return api.call('authenticate', { body: { username } });
}
export function register(body: CallInput<'register'>['body']) {
  return api.call('register', { body });
}
/**
 * Confirm a sign-up. The password and names typed on this device go with the code, so the account
 * takes them even when someone else signed the address up first (decision 017).
 */
export function registerFinalize(
  username: string,
  code: string,
  account: { password: string; firstName?: string; lastName?: string },
): Promise<LoginResult> {
  return withClientId(() => api.call('registerFinalize', { body: { username, code, ...account } }));
}
export function resetPasswordRequest(username: string) {
  return api.call('resetPasswordRequest', { body: { username } });
}
export function sendRecoveryCode(username: string) {
  return api.call('sendRecoveryCode', { body: { username } });
}
export function checkRecoveryCode(username: string, code: string) {
  return api.call('checkRecoveryCode', { body: { username, code } });
}
export function resetPassword(username: string, code: string, password: string) {
  return api.call('resetPassword', { body: { username, code, password } });
}

/** Keep a login: tokens to the store (the auth channel tells the other tabs). */
export function completeLogin(result: LoginResult, withPassword: boolean): void {
  adoptLogin(result, withPassword);
}

export function useProfileQuery() {
  return useQuery({
    queryKey: profileKey,
    queryFn: () => api.call('profile', {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The profile image as an object URL (null when there is none); revoked when replaced. */
export function useProfileImageQuery() {
  return useQuery({
    queryKey: profileImageKey,
    queryFn: async () => {
      const blob = await api.profileImage();
      return blob ? URL.createObjectURL(blob) : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUploadProfileImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.uploadProfileImage(file, file.type),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileImageKey }),
  });
}

type UpdateType = CallInput<'updateProfile'>['params']['type'];

/**
 * PATCH users/profile/{type}/update. The contract declares no body for this route (the server picks
 * the schema by type), so the body rides along on the call's input.
 */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { type: UpdateType; body: Record<string, unknown> }) =>
      api.call('updateProfile', {
        params: { type: input.type },
        body: input.body,
      } as CallInput<'updateProfile'>),
    onSuccess: (profile: Profile) => qc.setQueryData(profileKey, profile),
  });
}

export function requestContactChange(kind: 'email' | 'phone', value: string) {
  return kind === 'email'
    ? api.call('changeEmailRequest', { body: { email: value } })
    : api.call('changePhoneRequest', { body: { phone: value } });
}

export function useConfirmContactChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: 'email' | 'phone'; value: string; code: string }) =>
      input.kind === 'email'
        ? api.call('changeEmail', { body: { email: input.value, code: input.code } })
        : api.call('changePhone', { body: { phone: input.value, code: input.code } }),
    onSuccess: (profile: Profile) => qc.setQueryData(profileKey, profile),
  });
}

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.call('changePassword', { body }),
    // The server signs every other session out.
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSessionsQuery() {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.call('sessions', {}),
    enabled: isLoggedIn,
    staleTime: Number.POSITIVE_INFINITY,
    select: (sessions: Session[]) =>
      [...sessions].sort(
        (a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.lastSeenAt.localeCompare(a.lastSeenAt),
      ),
  });
}

export function useTerminateSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('terminateSession', { params: { id } }),
    onSuccess: (_, id) => {
      qc.setQueryData(sessionsKey, (old: Session[] | undefined) => old?.filter((s) => s.id !== id));
      void qc.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}
