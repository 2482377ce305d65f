import { getProfile, profiles } from '@hestia/catalog';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogOptionName } from '../../i18n/catalog-text.ts';
import { formatNumber } from '../../lib/format.ts';
import arFile from '../../locales/catalog/ar.json';
import enFile from '../../locales/catalog/en.json';
import faFile from '../../locales/catalog/fa.json';
import trFile from '../../locales/catalog/tr.json';
import { enumAxis, enumChartMetrics, enumValueLabel, MAX_ENUM_TICKS } from './enum-chart.ts';

const trees = { en: enFile, fa: faFile, ar: arFile, tr: trFile } as const;
const LANGUAGES = ['en', 'fa', 'ar', 'tr'] as const;
const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: trees[l] }])),
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

/** The chart's label function as HistoryChartCard builds it, in one language. */
function labelOf(profileId: string, key: string, language: string) {
  const metric = enumChartMetrics(getProfile(profileId)).find((m) => m.key === key);
  if (!metric) throw new Error(`${profileId} offers no ${key} chart`);
  return enumValueLabel(
    metric,
    (v) => catalogOptionName(metric.family, metric.key, v, i18n.t, language),
    (v) => formatNumber(v, language, 0),
  );
}

const washer = profiles.find((p) => p.family === 'washing_machine' && p.keys.some((k) => k.key === 'phase'));
const oven = profiles.find((p) => p.family === 'oven' && p.keys.some((k) => k.key === 'phase'));

describe('enumChartMetrics', () => {
  it('offers the keys that say what an appliance is doing, with their family and sorted values', () => {
    const ac = enumChartMetrics(getProfile('air-conditioner-9000'));
    expect(ac.map((m) => m.key)).toContain('mode');
    expect(ac.every((m) => m.family === 'air_conditioner' && m.kind === 'enum')).toBe(true);
    const phase = enumChartMetrics(washer).find((m) => m.key === 'phase');
    expect(phase?.values).toEqual([...(phase?.values ?? [])].sort((a, b) => a - b));
    expect(enumChartMetrics(washer).map((m) => m.key)).toEqual(
      expect.arrayContaining(['phase', 'programnumber']),
    );
  });

  it('leaves out settings and events: an output after power loss, a button press', () => {
    expect(enumChartMetrics(getProfile('relay-2ch-din'))).toEqual([]);
    expect(enumChartMetrics(getProfile('push-button-2key'))).toEqual([]);
    expect(enumChartMetrics(getProfile('plug-metering'))).toEqual([]);
    expect(enumChartMetrics(undefined)).toEqual([]);
  });

  it('offers only keys whose every value has a name, in every model of the catalogue', () => {
    for (const profile of profiles)
      for (const metric of enumChartMetrics(profile))
        for (const v of metric.values)
          for (const lang of LANGUAGES) {
            const name = catalogOptionName(metric.family, metric.key, v, i18n.t, lang);
            // A name, not the bare number it falls back to.
            expect(name, `${profile.id} ${metric.key}=${v} ${lang}`).not.toBe(formatNumber(v, lang, 2));
          }
  });
});

describe('enumValueLabel: named levels on the axis and in the readout', () => {
  it('names a mode in each of the four languages', () => {
    expect(labelOf('air-conditioner-9000', 'mode', 'en')(0)).toBe('Cool');
    expect(labelOf('air-conditioner-9000', 'mode', 'fa')(4)).toBe('خودکار');
    expect(labelOf('air-conditioner-9000', 'mode', 'tr')(1)).toBe('Isıtma');
    const ar = labelOf('air-conditioner-9000', 'mode', 'ar')(0);
    expect(ar).toMatch(/[\u0600-\u06ff]/);
    expect(ar).not.toMatch(/\d/);
  });

  it('takes the family’s own names for a phase', () => {
    if (!washer || !oven) throw new Error('the catalogue has a washer and an oven with phases');
    expect(labelOf(washer.id, 'phase', 'en')(1)).toBe('Washing');
    expect(labelOf(oven.id, 'phase', 'en')(1)).not.toBe(labelOf(washer.id, 'phase', 'en')(1));
  });

  it('writes a number inside a name in the language’s digits', () => {
    expect(labelOf('fan-tower', 'speed', 'fa')(3)).toBe('سرعت ۳');
    expect(labelOf('fan-tower', 'speed', 'ar')(2)).toBe(`السرعة ${formatNumber(2, 'ar', 0)}`);
  });

  it('says nothing between levels and the number for a value the catalogue does not declare', () => {
    const say = labelOf('air-conditioner-9000', 'mode', 'fa');
    expect(say(0.5)).toBe('');
    expect(say(42)).toBe('۴۲');
  });
});

describe('enumAxis', () => {
  const metric = { values: [0, 1, 2, 3, 4] };

  it('ticks the levels the series holds, half a level inside the frame', () => {
    expect(enumAxis(metric, [1, 1, 3, null, 3])).toEqual({ ySplits: [1, 3], yRange: [0.5, 3.5] });
  });

  it('ticks every value of the key before any point arrives, and one level sits mid-chart', () => {
    expect(enumAxis(metric, []).ySplits).toEqual([0, 1, 2, 3, 4]);
    expect(enumAxis(metric, [2, 2])).toEqual({ ySplits: [2], yRange: [1, 3] });
  });

  it('thins a long program list to a readable number of ticks, keeping both ends', () => {
    const programs = { values: Array.from({ length: 15 }, (_, i) => i) };
    const { ySplits } = enumAxis(programs, []);
    expect(ySplits.length).toBeLessThanOrEqual(MAX_ENUM_TICKS);
    expect(ySplits[0]).toBe(0);
    expect(ySplits.at(-1)).toBe(14);
    for (let n = 2; n <= 40; n++) {
      const s = enumAxis({ values: Array.from({ length: n }, (_, i) => i) }, []).ySplits;
      expect(s.length, `${n} values`).toBeLessThanOrEqual(MAX_ENUM_TICKS);
      expect(s.at(-1)).toBe(n - 1);
    }
  });
});
