import { profiles } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { TAB_NAVIGATOR } from '../../routes.ts';
import { FACTORIES, OWN_FACTORY } from './factories.ts';

describe('the factories of {factory}/{model} links', () => {
  it('are the catalogue brands and Hestia, exactly', () => {
    const brands = new Set(profiles.map((p) => p.brand));
    expect([...FACTORIES].sort()).toEqual([...brands, OWN_FACTORY].sort());
  });

  it('never take the first segment of an address the app already answers', () => {
    const taken = ['pid', 'share', TAB_NAVIGATOR.slice(1), 'authenticate', 'signup', 'assets', 'api'];
    for (const f of FACTORIES) expect(taken, f).not.toContain(f);
  });
});
