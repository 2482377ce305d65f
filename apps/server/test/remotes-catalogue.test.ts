import { HestiaClient } from '@hestia/client';
import {
  AC_FANS,
  AC_MODES,
  acStateFromCode,
  CATALOGUE_REMOTES,
  CATEGORY_BRANDS,
  decode,
  REMOTE_BRANDS,
  REMOTE_CATEGORIES,
} from '@hestia/ir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSimulated, addUser, loggedIn, refusal, type Stack, shareWith, startStack } from './stack.ts';

/**
 * The IR remote catalogue through the real server (issue 23): its lists and their filters and pages,
 * every catalogue remote on a simulated blaster with every button sent and decoded back, and the
 * RC5/RC6 toggle bit across presses, remotes and refusals.
 */
let stack: Stack;
let owner: HestiaClient;
let viewer: HestiaClient;
let viewerToken: string;
let blaster: string;

/** What the simulated blaster last decoded, read from the device itself (no telemetry lag). */
async function heard(): Promise<unknown> {
  const answer = (await owner.call('twowayRpc', {
    params: { id: blaster },
    body: { method: 'getState', params: {} },
  })) as { state?: Record<string, unknown> };
  const code = answer.state?.code;
  return typeof code === 'string' ? JSON.parse(code) : undefined;
}

const addRemote = (id: number) =>
  owner.call('addCustomerRemote', { params: { remoteId: id }, body: { deviceId: blaster } });

beforeAll(async () => {
  stack = await startStack();
  owner = stack.client;
  await addUser(stack.server, 'viewer@example.com', 'RemotesPass1');
  viewer = await loggedIn(stack.server.url, 'viewer@example.com', 'RemotesPass1');
  const session = await new HestiaClient({ baseUrl: stack.server.url }).login(
    'viewer@example.com',
    'RemotesPass1',
  );
  viewerToken = session.token;
  blaster = await addSimulated(stack, owner, 'ir-remote-universal', 'Catalogue blaster');
  await shareWith(owner, blaster, viewer, 'view');
}, 120_000);
afterAll(() => stack?.stop());

describe('the catalogue lists', () => {
  it('lists categories, brands per category (paged) and remotes by category, brand and type', async () => {
    const categories = await owner.call('remoteCategories', {});
    expect(categories.map((c) => c.key)).toEqual(REMOTE_CATEGORIES.map((c) => c.key));
    const tvBrands = await owner.call('remoteCategoryBrands', { query: { category_id: 1 } });
    expect(tvBrands.dataList.map((b) => b.brandName)).toEqual(
      expect.arrayContaining(['Sony', 'Philips', 'Samsung', 'LG', 'Panasonic', 'Toshiba', 'Soniq']),
    );
    expect(tvBrands.pageInfo).toMatchObject({ pageIndex: 0, totalElements: tvBrands.dataList.length });
    const lg = tvBrands.dataList.find((b) => b.brandName === 'LG');
    const lgTvs = await owner.call('remotes', { query: { category_id: 1, brand_id: lg?.brandId } });
    expect(lgTvs.dataList.map((r) => r.name)).toEqual([
      'LG TV',
      'LG monitor TV',
      'LG plasma TV',
      'LG LCD TV',
    ]);
    expect(lgTvs.dataList[0]?.categoryBrandId).toBe(lg?.categoryBrandId);
    const states = await owner.call('remotes', { query: { type: 'state' } });
    expect(states.dataList.map((r) => r.categoryName)).toEqual(['Air conditioner']);
    expect(await refusal(owner.call('remote', { params: { id: 9999 } }))).toMatchObject({ statusCode: 404 });
  });

  it('every brand of every category, and every remote of each, add up to the whole catalogue', async () => {
    const all = await owner.call('remotes', { query: {} });
    expect(all.pageInfo.totalElements).toBe(CATALOGUE_REMOTES.length);
    expect(all.dataList.map((r) => Number(r.remoteId))).toEqual(CATALOGUE_REMOTES.map((r) => r.id));
    let pairs = 0;
    let remotes = 0;
    for (const c of REMOTE_CATEGORIES) {
      const brands = (await owner.call('remoteCategoryBrands', { query: { category_id: c.id } })).dataList;
      pairs += brands.length;
      for (const b of brands) {
        expect(b.source).toBe(REMOTE_BRANDS.find((x) => x.id === b.brandId)?.source);
        const list = await owner.call('remotes', { query: { category_id: c.id, brand_id: b.brandId } });
        expect(list.dataList.length, `${c.key} ${b.brandName}`).toBeGreaterThan(0);
        expect(list.dataList.every((r) => r.categoryBrandId === b.categoryBrandId)).toBe(true);
        remotes += list.dataList.length;
      }
    }
    expect(pairs).toBe(CATEGORY_BRANDS.length);
    expect(remotes).toBe(CATALOGUE_REMOTES.length);
    const buttonsOnly = await owner.call('remotes', { query: { type: 'buttons' } });
    expect(buttonsOnly.pageInfo.totalElements).toBe(CATALOGUE_REMOTES.length - 1);
  });

  it('pages: page_size and page_index slice the list, and the last page says there is no next', async () => {
    const size = 10;
    const seen: string[] = [];
    for (let page = 0; ; page++) {
      const p = await owner.call('remotes', { query: { page_index: page, page_size: size } });
      expect(p.pageInfo).toMatchObject({
        pageIndex: page,
        pageSize: size,
        totalElements: CATALOGUE_REMOTES.length,
        totalPages: Math.ceil(CATALOGUE_REMOTES.length / size),
      });
      seen.push(...p.dataList.map((r) => r.remoteId));
      if (!p.pageInfo.hasNext) break;
      expect(p.dataList).toHaveLength(size);
    }
    expect(seen).toEqual(CATALOGUE_REMOTES.map((r) => String(r.id)));
    const past = await owner.call('remotes', { query: { page_index: 99, page_size: size } });
    expect(past).toMatchObject({ dataList: [], pageInfo: { hasNext: false } });
  });

  it('refuses a bad filter or page in the wrapper with a 400, never a 500', async () => {
    for (const query of ['page_size=0', 'page_size=1001', 'page_index=-1', 'category_id=tv', 'type=fan']) {
      const res = await fetch(`${stack.server.url}/api/v1/remotes?${query}`, {
        headers: { authorization: `Bearer ${viewerToken}` },
      });
      const body = (await res.json()) as Record<string, unknown>;
      expect([res.status, body.statusCode, body.isSuccess], query).toEqual([400, 400, false]);
      expect(body).toHaveProperty('data');
      expect(String(body.message), query).not.toBe('');
    }
  });
});

describe('every catalogue remote on the simulated blaster', () => {
  it('renders every button to timings the blaster decodes back to the same code', async () => {
    let sent = 0;
    for (const entry of CATALOGUE_REMOTES.filter((r) => r.kind === 'buttons')) {
      const mine = await addRemote(entry.id);
      for (const b of entry.buttons) {
        const out = await owner.call('sendRemoteButton', {
          params: { remoteId: mine.id },
          body: { button: b.name },
        });
        // The catalogue's code, with the toggle the server chose for RC5/RC6.
        const { toggle: _, ...plain } = b.code;
        expect(out.code, `${entry.name} ${b.name}`).toMatchObject(plain);
        expect(await heard(), `${entry.name} ${b.name}`).toEqual(out.code);
        sent++;
      }
    }
    expect(sent).toBe(CATALOGUE_REMOTES.reduce((n, r) => n + r.buttons.length, 0));
  }, 240_000);

  it('sends every air-conditioner state remote every mode and fan in one frame', async () => {
    for (const entry of CATALOGUE_REMOTES.filter((r) => r.kind === 'state')) {
      const mine = await addRemote(entry.id);
      for (const mode of AC_MODES)
        for (const fan of AC_FANS) {
          const state = { power: mode !== 'fan', mode, temperature: 16 + AC_MODES.indexOf(mode), fan };
          const out = await owner.call('sendRemoteButton', {
            params: { remoteId: mine.id },
            body: { state },
          });
          const got = decode(out.timings);
          expect(got && acStateFromCode(got)).toEqual({ device: entry.stateDevice, state });
          expect(await heard()).toEqual(out.code);
        }
    }
  }, 60_000);
});

describe('the RC5/RC6 toggle bit', () => {
  const philipsRc5 = CATALOGUE_REMOTES.find((r) => r.model === 'RC5-TV')?.id as number;
  const press = (remoteId: string, who = owner) =>
    who.call('sendRemoteButton', { params: { remoteId }, body: { button: 'mute' } });

  it('alternates across two remotes of the same TV on one blaster, as the TV hears them', async () => {
    const a = await addRemote(philipsRc5);
    const b = await addRemote(philipsRc5);
    const bits = [];
    for (const r of [a, b, b, a]) bits.push((await press(r.id)).code?.toggle);
    expect(bits.slice(1)).toEqual([bits[0] === 0 ? 1 : 0, bits[0], bits[0] === 0 ? 1 : 0]);
  });

  it('a refused press does not use up the bit: the next press is still a new one', async () => {
    const r = await addRemote(philipsRc5);
    const first = (await press(r.id)).code?.toggle;
    expect(await refusal(press(r.id, viewer))).toMatchObject({ statusCode: 403 });
    const next = (await press(r.id)).code?.toggle;
    expect(next).toBe(first === 0 ? 1 : 0);
    expect(await heard()).toMatchObject({ protocol: 'RC5', address: 0, command: 13, toggle: next });
  });
});
