import type { Device } from '@hestia/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import automationAr from '../../locales/automation/ar.json';
import automationEn from '../../locales/automation/en.json';
import automationFa from '../../locales/automation/fa.json';
import automationTr from '../../locales/automation/tr.json';
import { ConditionType } from './condition-meta.ts';
import { eventTextOf, notifyConditionText, observedEventText } from './event-text.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: {
      en: { translation: automationEn },
      fa: { translation: automationFa },
      ar: { translation: automationAr },
      tr: { translation: automationTr },
    },
    lng: 'en',
  });
});
const isolate = (text: string) => `\u2068${text}\u2069`;
const tIn = (lng: string) => i18n.getFixedT(lng) as unknown as TFunction;

const DOOR = '0b6f1c2e-8a1d-4c3b-9f3e-2d7a1b5c9e40';
const devices = [
  { id: DOOR, label: 'Front door', deviceProfileId: 'door-sensor-door' },
] as unknown as Device[];
const notify = (metadata: unknown, deviceId = DOOR) => ({
  conditionType: ConditionType.Notify,
  deviceId,
  metadata,
});

describe('a device-event (Notify) condition in words', () => {
  it('reads "Front door: door opened", the device name isolated for right-to-left text', () => {
    expect(notifyConditionText(notify({ event: 'door_open' }), devices, tIn('en'))).toBe(
      `${isolate('Front door')}: door opened`,
    );
    expect(notifyConditionText(notify({}), devices, tIn('en'))).toBe(`${isolate('Front door')}: any event`);
    expect(notifyConditionText(notify({ event: 'error' }), devices, tIn('en'))).toBe(
      `${isolate('Front door')}: an error`,
    );
    expect(notifyConditionText(notify({ event: 'door_open' }), devices, tIn('fa'))).toBe(
      `${isolate('Front door')}: باز شدن در`,
    );
    expect(notifyConditionText(notify({ event: 'motion' }), devices, tIn('ar'))).toBe(
      `${isolate('Front door')}: رصد حركة`,
    );
    expect(notifyConditionText(notify({ event: 'program_done' }), devices, tIn('tr'))).toBe(
      `${isolate('Front door')}: program bitti`,
    );
    // A device removed since: still a sentence.
    expect(notifyConditionText(notify({ event: 'door_open' }, 'gone'), devices, tIn('en'))).toBe(
      `${isolate('a removed device')}: door opened`,
    );
  });

  it('names each event in all four languages, and what a run observed', () => {
    for (const lng of ['en', 'fa', 'ar', 'tr'])
      for (const e of ['error', 'door_open', 'motion', 'program_done']) {
        const text = eventTextOf(e, tIn(lng));
        expect(text, `${lng} ${e}`).not.toBe(e);
        expect(text).not.toMatch(/^automation\./);
      }
    expect(observedEventText('door_open', tIn('en'))).toBe('door opened');
    expect(observedEventText('not fired', tIn('en'))).toBe('not raised');
    // An event this app does not know keeps the server's word.
    expect(eventTextOf('flood', tIn('en'))).toBe('flood');
  });
});
