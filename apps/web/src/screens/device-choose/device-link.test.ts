import { profiles } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { parseDeviceLink, resolveDeviceLink } from './device-link.ts';

const resolve = (text: string) => {
  const link = parseDeviceLink(text);
  return link ? resolveDeviceLink(link, profiles) : null;
};

describe('parseDeviceLink', () => {
  it('reads pid/{profileId} behind any host prefix, or none', () => {
    for (const text of [
      'https://hestia.example/pid/plug-basic',
      'http://192.168.1.20:8080/pid/plug-basic?info-logs=1',
      'https://config.hestia.example/app/pid/Plug-Basic#x',
      'hestia://pid/plug-basic',
      'pid/plug-basic',
      '/pid/plug-basic',
      '  pid/plug-basic\n',
    ])
      expect(parseDeviceLink(text), text).toEqual({ kind: 'pid', profileId: 'plug-basic' });
  });

  it('reads {factory}/{model} only as a whole path of two segments', () => {
    expect(parseDeviceLink('https://qr.hestia.example/aria/built-in-60cm')).toEqual({
      kind: 'factory',
      factory: 'aria',
      model: 'built-in-60cm',
    });
    expect(parseDeviceLink('hestia/plug-basic')).toEqual({
      kind: 'factory',
      factory: 'hestia',
      model: 'plug-basic',
    });
    expect(parseDeviceLink('https://example.com/blog/2024/post')).toBeNull();
    expect(parseDeviceLink('https://example.com/')).toBeNull();
  });

  it('refuses what is not a device link', () => {
    for (const text of [
      '',
      'hello world',
      'WIFI:S:Home;T:WPA;P:secret;;',
      'BEGIN:VCARD',
      'https://example.com/only-one',
      'pid/',
      'pid/%E0%A4%A',
      'pid/<script>',
      `pid/${'a'.repeat(65)}`,
      `https://x.example/${'a/'.repeat(1200)}pid/plug-basic`,
    ])
      expect(parseDeviceLink(text), text).toBeNull();
  });
});

describe('resolveDeviceLink against the catalogue', () => {
  it('leads a pid link to its model, and only to a model the catalogue has', () => {
    expect(resolve('https://anything.example/pid/plug-basic')).toBe('plug-basic');
    expect(resolve('pid/switch-two-pole')).toBe('switch-two-pole');
    expect(resolve('pid/no-such-model')).toBeUndefined();
  });

  it('takes the factory as the brand (hestia for the generic one) and the model as id or variant', () => {
    expect(resolve('https://qr.example/hestia/plug-basic')).toBe('plug-basic');
    expect(resolve('generic/plug-basic')).toBe('plug-basic');
    expect(resolve('aria/oven-built-in-aria-60cm')).toBe('oven-built-in-aria-60cm');
    expect(resolve('aria/built-in-90cm')).toBe('oven-built-in-aria-90cm');
    expect(resolve('artel/80l')).toBe('water-heater-artel-80l');
  });

  it('does not cross brands, nor guess between models sharing a variant', () => {
    expect(resolve('nova/oven-built-in-aria-60cm')).toBeUndefined();
    expect(resolve('aria/plug-basic')).toBeUndefined();
    // Several generic models are a "1-key" variant: the variant alone names none of them.
    expect(resolve('hestia/1-key')).toBeUndefined();
    expect(resolve('acme/plug-basic')).toBeUndefined();
  });
});
