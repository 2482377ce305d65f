import type { TFunction } from 'i18next';

/**
 * A run refused for lack of access, or a remote press whose remote is gone (the server words them in
 * English, naming the device or remote by id), in the user's language; null for any other text.
 */
export function accessText(text: string | null, t: TFunction): string | null {
  if (!text) return null;
  if (text.startsWith('No access to device ')) return t('automation.history.noAccess');
  if (/^Device \S+ is shared with you for viewing only/.test(text)) return t('automation.history.viewOnly');
  if (text.startsWith('Not sent: another device')) return t('automation.history.notSentOther');
  // An IR remote press whose remote was deleted after the action was saved (decision 049).
  if (/^Remote \S+ was removed from this IR blaster/.test(text)) return t('automation.history.remoteRemoved');
  return null;
}
