import { getProfile } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { numberedKeys, pushKeysOf, relayKeysOf, settingLinksOf } from './setting-links.ts';

const profile = (id: string) => {
  const p = getProfile(id);
  if (!p) throw new Error(`no profile ${id}`);
  return p;
};

describe('device settings links follow the model’s keys', () => {
  it('a touch switch has light intensity, memory, key titles, channel list and beep, but no curtain names', () => {
    const links = settingLinksOf(profile('switch-two-pole-touch'));
    expect(links).toEqual([
      'lightIntensity',
      'wifiStatusDisplay',
      'memoryStatus',
      'editKeyTitle',
      'switchKeyList',
      'beep',
    ]);
  });

  it('a glass switch adds the temperature range; a classic one only titles, list and beep', () => {
    expect(settingLinksOf(profile('switch-one-pole-glass'))).toContain('temperatureRange');
    expect(settingLinksOf(profile('switch-two-pole'))).toEqual([
      'wifiStatusDisplay',
      'editKeyTitle',
      'switchKeyList',
      'beep',
    ]);
  });

  it('a triple curtain switch has curtain names and no key titles', () => {
    const p = profile('curtain-triple');
    expect(numberedKeys(p, 'curtain_name')).toEqual(['curtain_name1', 'curtain_name2', 'curtain_name3']);
    expect(settingLinksOf(p)).toContain('editCurtainName');
    expect(settingLinksOf(p)).not.toContain('editKeyTitle');
  });

  it('a scenario key lists its push keys in order and a door sensor has no key screens', () => {
    expect(pushKeysOf(profile('scenario-key-4'))).toEqual([
      'key_one_status',
      'key_two_status',
      'key_three_status',
      'key_four_status',
    ]);
    expect(relayKeysOf(profile('scenario-key-4'))).toEqual([]);
    expect(settingLinksOf(profile('door-sensor-door'))).toEqual(['wifiStatusDisplay']);
  });
});
