import { getError } from '@hestia/catalog';
import type { NotificationDetails } from '@hestia/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/notifications/en.json';
import fa from '../../locales/notifications/fa.json';
import { notificationText } from './notification-text.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: { en: { translation: en }, fa: { translation: fa } }, lng: 'en' });
});
const tIn = (lng: string) => i18n.getFixedT(lng) as unknown as TFunction;

const base = { name: 'stored name', message: 'stored message' };
const n = (kind: NotificationDetails['kind'], data: NotificationDetails['data']) => ({ ...base, kind, data });

describe('notification texts in the app language', () => {
  it("an automation keeps its own name and message; an error gives the catalogue's text", () => {
    const t = tIn('fa');
    expect(notificationText(n('automation', {}), t, 'fa')).toEqual({
      title: 'stored name',
      body: 'stored message',
    });
    expect(
      notificationText(n('error', { deviceLabel: 'لباسشویی', errorCode: 'water.none' }), t, 'fa'),
    ).toEqual({
      title: 'لباسشویی',
      body: getError('water.none')?.messages.fa,
    });
  });

  it('device events are written from kind and data, not from the stored English copy', () => {
    const t = tIn('en');
    expect(notificationText(n('door_open', {}), t, 'en')).toEqual({
      title: 'Door opened',
      body: 'The door was opened.',
    });
    expect(
      notificationText(n('firmware', { deviceLabel: 'Plug', firmware: 'updated', version: '7.2' }), t, 'en')
        .body,
    ).toBe('The firmware was updated to version 7.2.');
    expect(notificationText(n('share', { share: 'accepted', userName: 'Sara' }), t, 'en').body).toBe(
      'Sara accepted your share.',
    );
    expect(notificationText(n('share', { share: 'ended' }), t, 'en').body).toBe(
      'Your access to this device has ended.',
    );
  });
});
