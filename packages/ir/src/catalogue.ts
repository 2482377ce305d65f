import type { CatalogueRemote } from './catalogue-model.ts';
import { AUDIO_REMOTES } from './remotes-audio.ts';
import { AUDIO_REMOTES_2 } from './remotes-audio-2.ts';
import { AUDIO_REMOTES_3 } from './remotes-audio-3.ts';
import { HESTIA_REMOTES } from './remotes-hestia.ts';
import { PROJECTOR_REMOTES_2 } from './remotes-projectors-2.ts';
import { TV_REMOTES } from './remotes-tv.ts';
import { TV_REMOTES_2 } from './remotes-tv-2.ts';
import { VIDEO_REMOTES } from './remotes-video.ts';
import { VIDEO_REMOTES_2 } from './remotes-video-2.ts';

/**
 * The remote catalogue Hestia ships, assembled from one file per category (or group). Every number
 * is a protocol fact or a maker's published code, not a copy of a code database: each brand's
 * `source` (catalogue-brands.ts) and decision 043 say where. A remote's id is explicit and stable
 * (users' remotes store it): a new remote takes the next free id, none is renumbered or reused.
 */
export { BRAND, REMOTE_BRANDS } from './catalogue-brands.ts';
export {
  CATEGORY,
  type CatalogueRemote,
  REMOTE_CATEGORIES,
  type RemoteBrand,
  type RemoteButton,
  type RemoteCategory,
} from './catalogue-model.ts';

/** All remotes in id order. */
export const CATALOGUE_REMOTES: CatalogueRemote[] = [
  ...TV_REMOTES,
  ...TV_REMOTES_2,
  ...AUDIO_REMOTES,
  ...AUDIO_REMOTES_2,
  ...AUDIO_REMOTES_3,
  ...VIDEO_REMOTES,
  ...VIDEO_REMOTES_2,
  ...PROJECTOR_REMOTES_2,
  ...HESTIA_REMOTES,
].sort((a, b) => a.id - b.id);

export interface CategoryBrand {
  /** categoryBrandId: one brand within one category. */
  id: number;
  categoryId: number;
  brandId: number;
}

/**
 * Each (category, brand) pair that has a remote, numbered in the order of its first remote's id: a
 * new remote (a higher id) can only add pairs after the existing ones, so their ids stay.
 */
export const CATEGORY_BRANDS: CategoryBrand[] = (() => {
  const seen = new Map<string, CategoryBrand>();
  for (const r of CATALOGUE_REMOTES) {
    const key = `${r.categoryId}:${r.brandId}`;
    if (!seen.has(key)) seen.set(key, { id: seen.size + 1, categoryId: r.categoryId, brandId: r.brandId });
  }
  return [...seen.values()];
})();
