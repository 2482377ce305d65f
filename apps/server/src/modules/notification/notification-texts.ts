import { errorMessage, type Language } from '@hestia/catalog';
import type { NotificationData, NotificationKind } from '@hestia/contract';

type Texts = Record<
  Exclude<NotificationKind, 'automation' | 'error'>,
  (d: NotificationData) => [string, string]
>;

// The pushes' texts (the inbox writes its own from the web app's locale files, by kind and data).
const TEXTS: Record<Language, Texts> = {
  en: {
    door_open: (d) => [d.deviceLabel ?? 'Door', 'The door was opened.'],
    motion: (d) => [d.deviceLabel ?? 'Motion', 'Motion was detected.'],
    program_done: (d) => [d.deviceLabel ?? 'Appliance', 'The program has finished.'],
    firmware: (d) =>
      d.firmware === 'updated'
        ? [
            d.deviceLabel ?? 'Firmware',
            `The firmware was updated${d.version ? ` to version ${d.version}` : ''}.`,
          ]
        : [d.deviceLabel ?? 'Firmware', 'The firmware update failed.'],
    share: (d) =>
      d.share === 'accepted'
        ? [d.deviceLabel ?? 'Sharing', `${d.userName || 'Someone'} accepted your share.`]
        : [d.deviceLabel ?? 'Sharing', 'Your access to this device has ended.'],
  },
  fa: {
    door_open: (d) => [d.deviceLabel ?? 'در', 'در باز شد.'],
    motion: (d) => [d.deviceLabel ?? 'حرکت', 'حرکت تشخیص داده شد.'],
    program_done: (d) => [d.deviceLabel ?? 'دستگاه', 'برنامه به پایان رسید.'],
    firmware: (d) =>
      d.firmware === 'updated'
        ? [d.deviceLabel ?? 'میان‌افزار', `میان‌افزار به‌روز شد${d.version ? ` (نسخه ${d.version})` : ''}.`]
        : [d.deviceLabel ?? 'میان‌افزار', 'به‌روزرسانی میان‌افزار ناموفق بود.'],
    share: (d) =>
      d.share === 'accepted'
        ? [d.deviceLabel ?? 'اشتراک', `${d.userName || 'کاربری'} اشتراک شما را پذیرفت.`]
        : [d.deviceLabel ?? 'اشتراک', 'دسترسی شما به این دستگاه پایان یافت.'],
  },
  ar: {
    door_open: (d) => [d.deviceLabel ?? 'الباب', 'تم فتح الباب.'],
    motion: (d) => [d.deviceLabel ?? 'الحركة', 'تم رصد حركة.'],
    program_done: (d) => [d.deviceLabel ?? 'الجهاز', 'انتهى البرنامج.'],
    firmware: (d) =>
      d.firmware === 'updated'
        ? [
            d.deviceLabel ?? 'البرنامج الثابت',
            `تم تحديث البرنامج الثابت${d.version ? ` إلى الإصدار ${d.version}` : ''}.`,
          ]
        : [d.deviceLabel ?? 'البرنامج الثابت', 'فشل تحديث البرنامج الثابت.'],
    share: (d) =>
      d.share === 'accepted'
        ? [d.deviceLabel ?? 'المشاركة', `${d.userName || 'أحدهم'} قبل مشاركتك.`]
        : [d.deviceLabel ?? 'المشاركة', 'انتهى وصولك إلى هذا الجهاز.'],
  },
  tr: {
    door_open: (d) => [d.deviceLabel ?? 'Kapı', 'Kapı açıldı.'],
    motion: (d) => [d.deviceLabel ?? 'Hareket', 'Hareket algılandı.'],
    program_done: (d) => [d.deviceLabel ?? 'Cihaz', 'Program tamamlandı.'],
    firmware: (d) =>
      d.firmware === 'updated'
        ? [d.deviceLabel ?? 'Yazılım', `Yazılım güncellendi${d.version ? ` (sürüm ${d.version})` : ''}.`]
        : [d.deviceLabel ?? 'Yazılım', 'Yazılım güncellemesi başarısız oldu.'],
    share: (d) =>
      d.share === 'accepted'
        ? [d.deviceLabel ?? 'Paylaşım', `${d.userName || 'Biri'} paylaşımınızı kabul etti.`]
        : [d.deviceLabel ?? 'Paylaşım', 'Bu cihaza erişiminiz sona erdi.'],
  },
};

const ERROR_TITLE: Record<Language, string> = { en: 'Error', fa: 'خطا', ar: 'خطأ', tr: 'Hata' };

export const asLanguage = (l: string): Language => (l === 'fa' || l === 'ar' || l === 'tr' ? l : 'en');

/**
 * A notification's title and body in a language: an automation's are its own name and message; an
 * error's body is the catalogue's text of its code.
 */
export function notificationText(
  n: { kind: NotificationKind; name: string; message: string; data: NotificationData },
  lang: Language,
): { title: string; body: string } {
  if (n.kind === 'automation') return { title: n.name, body: n.message };
  if (n.kind === 'error') {
    const code = n.data.errorCode ?? '';
    return {
      title: n.data.deviceLabel ?? ERROR_TITLE[lang],
      body: code ? errorMessage(code, lang) : ERROR_TITLE[lang],
    };
  }
  const [title, body] = TEXTS[lang][n.kind](n.data);
  return { title, body };
}
