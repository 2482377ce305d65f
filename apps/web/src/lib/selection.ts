import type { Device } from '@hestia/contract';
import type { LiveAccess } from '../data/live.ts';

/** Add or remove one id; a new set, so React sees the change. */
export function toggleId(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** Keep only ids still on screen (a device left the list, or the room changed). */
export function pruneSelection(selected: ReadonlySet<string>, visibleIds: readonly string[]): Set<string> {
  const visible = new Set(visibleIds);
  const next = new Set([...selected].filter((id) => visible.has(id)));
  return next.size === selected.size ? (selected as Set<string>) : next;
}

export interface BulkPlan {
  ids: string[];
  /** Devices the caller owns: only these can move to a room or be deleted outright. */
  owned: string[];
  /** Shared with the caller: deleting them only leaves the share. */
  shared: string[];
  /** The favourite action marks all when any is not yet a favourite, otherwise unmarks all. */
  favourite: boolean;
}

/** What each bulk action would do to the selected devices (spec section 4: long-press selection). */
export function bulkPlan(
  devices: readonly Pick<Device, 'id' | 'isFavourite' | 'access'>[],
  selected: ReadonlySet<string>,
  liveAccess: Readonly<Record<string, LiveAccess>> = {},
): BulkPlan {
  const chosen = devices.filter((d) => selected.has(d.id));
  const accessOf = (d: Pick<Device, 'id' | 'access'>) => liveAccess[d.id] ?? d.access;
  return {
    ids: chosen.map((d) => d.id),
    owned: chosen.filter((d) => accessOf(d) === 'owner').map((d) => d.id),
    shared: chosen.filter((d) => accessOf(d) !== 'owner').map((d) => d.id),
    favourite: chosen.some((d) => !d.isFavourite),
  };
}
