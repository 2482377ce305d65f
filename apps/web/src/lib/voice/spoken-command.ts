import { api } from '../../data/api.ts';
import { currentUserId, voice } from './voice-data.ts';

/** What a spoken command did: the command's phrase, and whether it was an automation or a device. */
export interface SpokenResult {
  name: string;
  type: 'automation' | 'device';
  targetId: string;
}

/**
 * The floating button's round trip (spec section 7): the WAV goes to `uploadfile` to be matched against
 * the user's samples; the recognised sequence goes to `getAutomationId`; an automation is then run by
 * its id (`automations/:id/execute`), a device command written to the device. Errors are the
 * service's (VOICE_NO_SEQUENCE, VOICE_NO_COMMANDS) or the run's.
 */
export async function runSpokenCommand(wav: Blob): Promise<SpokenResult> {
  const userId = await currentUserId();
  const upload = await voice.upload(wav, userId, 'recognize');
  // The cache keeps recognitions for a while; nothing of this one is needed after the match.
  const sequence = upload.match?.sequence;
  if (!sequence) throw new Error('no match in the answer');
  const target = await voice.automationId(sequence);
  if (target.type === 'automation') {
    await api.call('executeAutomation', { params: { id: target.id } });
  } else {
    const pairs = Object.entries(target.values ?? {}).map(([Key, Value]) => ({ Key, Value }));
    await api.write(target.id, pairs);
  }
  return { name: target.name, type: target.type, targetId: target.id };
}
