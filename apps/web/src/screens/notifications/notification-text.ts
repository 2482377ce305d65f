import { errorMessage, type Language } from '@hestia/catalog';
import type { NotificationDetails } from '@hestia/contract';
import type { TFunction } from 'i18next';

const asLanguage = (l: string): Language => (l === 'fa' || l === 'ar' || l === 'tr' ? l : 'en');

/**
 * A notification's title and text in the app's language: an automation's are its own; a device
 * event's are written here from its kind and data (an error's text is the catalogue's).
 */
export function notificationText(
  n: Pick<NotificationDetails, 'kind' | 'name' | 'message' | 'data'>,
  t: TFunction,
  language: string,
): { title: string; body: string } {
  if (n.kind === 'automation') return { title: n.name, body: n.message };
  const title = n.data.deviceLabel || t(`notifications.kind.${n.kind}`);
  switch (n.kind) {
    case 'error':
      return {
        title,
        body: n.data.errorCode
          ? errorMessage(n.data.errorCode, asLanguage(language))
          : t('notifications.kind.error'),
      };
    case 'firmware':
      return {
        title,
        body:
          n.data.firmware === 'failed'
            ? t('notifications.text.firmwareFailed')
            : n.data.version
              ? t('notifications.text.firmwareUpdated', { version: n.data.version })
              : t('notifications.text.firmwareUpdatedNoVersion'),
      };
    case 'share':
      return {
        title,
        body:
          n.data.share === 'ended'
            ? t('notifications.text.shareEnded')
            : n.data.userName
              ? t('notifications.text.shareAccepted', { name: n.data.userName })
              : t('notifications.text.shareAcceptedSomeone'),
      };
    default:
      return { title, body: t(`notifications.text.${n.kind}`) };
  }
}
