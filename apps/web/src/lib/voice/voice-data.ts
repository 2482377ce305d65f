import { VoiceClient } from '@hestia/client';
import type { VoiceCommand } from '@hestia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { profileKey } from '../../data/account.ts';
import { api } from '../../data/api.ts';
import { errorText } from '../../data/errors.ts';
import { queryClient } from '../../data/session.ts';
import { i18n } from '../../i18n/index.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { voiceBaseUrl } from './voice-url.ts';

/** The one voice client: the session's token, refreshed by the REST client when due. */
export const voice = new VoiceClient({
  voiceUrl: voiceBaseUrl(),
  token: () => useAuthStore.getState().token ?? undefined,
  session: api,
  language: () => i18n.language,
});

/** The signed-in user's id (uploadfile's user_id), from the cached profile. */
export async function currentUserId(): Promise<string> {
  const profile = await queryClient.fetchQuery({
    queryKey: profileKey,
    queryFn: () => api.call('profile', {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return profile.id;
}

export const voiceKeys = {
  all: ['voice'] as const,
  commands: () => [...voiceKeys.all, 'commands'] as const,
  device: (deviceId: string) => [...voiceKeys.all, 'device', deviceId] as const,
};

export function useVoiceCommandsQuery() {
  return useQuery({ queryKey: voiceKeys.commands(), queryFn: () => voice.allCustomCommands() });
}

const refreshVoice = () => queryClient.invalidateQueries({ queryKey: voiceKeys.all });

/** The caller's commands that act on one device (spec: deviceVoiceList). */
export function useDeviceVoiceList(deviceId: string) {
  return useQuery({ queryKey: voiceKeys.device(deviceId), queryFn: () => voice.deviceVoiceList(deviceId) });
}

/** Forget a device's voice data; its list (and the user's) are fetched again (spec: deleteData). */
export function useDeleteDeviceVoiceData() {
  return useMutation({
    mutationFn: (deviceId: string) => voice.deleteData(deviceId),
    onSettled: refreshVoice,
  });
}

/** Delete one command, whatever it runs, with its samples (deleteCommand). */
export function useDeleteVoiceCommand() {
  return useMutation({
    mutationFn: (commandId: string) => voice.deleteCommand(commandId),
    onSettled: refreshVoice,
  });
}

/** Empty the voice service's cache of this user's uploads (spec: deleteCache). */
export function useDeleteVoiceCache() {
  return useMutation({ mutationFn: () => voice.deleteCache(), onSettled: refreshVoice });
}

export function useSubmitVoiceCommand() {
  return useMutation({
    mutationFn: (body: Parameters<VoiceClient['subToData']>[0]): Promise<VoiceCommand> =>
      voice.subToData(body),
    onSettled: refreshVoice,
  });
}

/**
 * The words for a failed voice call: the service's codes VOICE_NO_SEQUENCE and VOICE_NO_COMMANDS carry
 * the spec's messages ('No sequence was found in the speech.', 'No voice commands available.'), which
 * the error catalogue translates like every other; the rest as usual.
 */
export function voiceErrorText(err: unknown, t: TFunction): string {
  return errorText(err, t);
}
