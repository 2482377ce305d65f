import 'i18next';
import type accountEn from '../locales/account/en.json';
import type automationEn from '../locales/automation/en.json';
import type catalogEn from '../locales/catalog/en.json';
import type chartsEn from '../locales/charts/en.json';
import type climateEn from '../locales/climate/en.json';
import type controlEn from '../locales/control/en.json';
import type deviceEn from '../locales/device/en.json';
import type deviceChooseEn from '../locales/device-choose/en.json';
import type deviceConfigEn from '../locales/device-config/en.json';
import type en from '../locales/en.json';
import type firmwareEn from '../locales/firmware/en.json';
import type homeEn from '../locales/home/en.json';
import type notificationsEn from '../locales/notifications/en.json';
import type remoteEn from '../locales/remote/en.json';
import type shellEn from '../locales/shell/en.json';
import type timersEn from '../locales/timers/en.json';
import type voiceEn from '../locales/voice/en.json';
import type waterEn from '../locales/water/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en &
        typeof homeEn &
        typeof accountEn &
        typeof chartsEn &
        typeof controlEn &
        typeof deviceEn &
        typeof deviceChooseEn &
        typeof deviceConfigEn &
        typeof automationEn &
        typeof firmwareEn &
        typeof timersEn &
        typeof climateEn &
        typeof waterEn &
        typeof notificationsEn &
        typeof shellEn &
        typeof voiceEn &
        typeof catalogEn &
        typeof remoteEn;
    };
  }
}
