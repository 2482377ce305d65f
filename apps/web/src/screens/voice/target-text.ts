import { getProfile } from '@hestia/catalog';
import type { Device, VoiceTarget } from '@hestia/contract';
import type { TFunction } from 'i18next';
import { isolate, keyTitle, valueText } from '../automation/text.ts';

/**
 * What a voice command does, in words: the automation's name, or the device's name with the
 * values it sets as the automation editor writes an action ("Kettle plug: Relay 1 On"); '…' while
 * the lists load.
 */
export function voiceTargetText(
  target: VoiceTarget,
  lists: {
    automations: readonly { id: string; name: string }[] | undefined;
    devices: readonly Device[] | undefined;
  },
  t: TFunction,
): string {
  if (target.type === 'automation')
    return lists.automations?.find((a) => a.id === target.automationId)?.name ?? '…';
  const device = lists.devices?.find((d) => d.id === target.deviceId);
  if (!device) return '…';
  const profile = getProfile(device.deviceProfileId);
  const actions = Object.entries(target.values).map(([key, value]) => {
    const def = profile?.keys.find((k) => k.key === key);
    return `${keyTitle(key, t, device.deviceProfileId)} ${valueText(def, value, t)}`;
  });
  return `${isolate(device.label)}: ${actions.join(', ')}`;
}
