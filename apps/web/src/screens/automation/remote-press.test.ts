import { remotePressOf } from '@hestia/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import automationEn from '../../locales/automation/en.json';
import automationFa from '../../locales/automation/fa.json';
import remoteEn from '../../locales/remote/en.json';
import remoteFa from '../../locales/remote/fa.json';
import { pressText } from './press-text.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: {
      en: { translation: { ...automationEn, ...remoteEn } },
      fa: { translation: { ...automationFa, ...remoteFa } },
    },
    lng: 'en',
  });
});
/** The text in `lng`, without the bidi isolates around the names. */
const textIn = (lng: string, params: object, remotes = named) => {
  const t = i18n.getFixedT(lng) as unknown as TFunction;
  const press = remotePressOf({ deviceParameterId: 'send', params });
  if (!press) throw new Error('not a press');
  return pressText(press, remotes, t, { language: lng, exists: (k) => i18n.exists(k, { lng }) }).replace(
    /[\u2066-\u2069]/g,
    '',
  );
};

const tvId = '0b6f1c2e-8a1d-4c3b-9f3e-2d7a1b5c9e40';
const acId = '1c7f2d3e-9b2e-4d4c-8f4f-3e8b2c6d0f51';
const named = [
  { id: tvId, name: 'Living-room TV' },
  { id: acId, name: 'Bedroom AC' },
];
const state = { power: true, mode: 'cool', temperature: 24, fan: 'high' };

describe('an IR remote press in words (decision 049)', () => {
  it('names the remote and its button, or the state it sends; a removed remote says so', () => {
    expect(textIn('en', { remoteId: tvId, button: 'power' })).toBe('Living-room TV: Power');
    expect(textIn('en', { remoteId: tvId, button: 'digit_7' })).toBe('Living-room TV: Number 7');
    expect(textIn('en', { remoteId: tvId, button: 'my_own_key' })).toBe('Living-room TV: my own key');
    expect(textIn('en', { remoteId: acId, state })).toBe('Bedroom AC: On, Cool, 24 °C, fan High');
    expect(textIn('en', { remoteId: acId, state: { ...state, power: false } })).toBe('Bedroom AC: Off');
    expect(textIn('en', { remoteId: tvId, button: 'power' }, [])).toBe('Removed remote: Power');
    expect(textIn('fa', { remoteId: acId, state })).toBe('Bedroom AC: روشن، سرمایش، ۲۴ درجه، فن زیاد');
  });

  it('only the send key with a remoteId is a press; other writes keep their key-value wording', () => {
    expect(remotePressOf({ deviceParameterId: 'send', params: undefined })).toBeNull();
    expect(
      remotePressOf({ deviceParameterId: 'learn', params: { remoteId: tvId, button: 'power' } }),
    ).toBeNull();
    expect(remotePressOf({ deviceParameterId: 'send', params: { remoteId: tvId, button: 'power' } })).toEqual(
      {
        remoteId: tvId,
        button: 'power',
      },
    );
  });
});
