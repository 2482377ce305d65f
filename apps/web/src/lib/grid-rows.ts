import type { Device } from '@hestia/contract';

export interface GridSection {
  key: string;
  title: string | null;
  devices: readonly Device[];
}

export type VirtualRow =
  | { kind: 'title'; key: string; title: string }
  | { kind: 'cards'; key: string; devices: readonly Device[]; first: boolean };

/** Rows of `columns` cards, with a title row before each titled section. Pure, so it is tested. */
export function layoutRows(sections: readonly GridSection[], columns: number): VirtualRow[] {
  const rows: VirtualRow[] = [];
  for (const section of sections) {
    if (section.title) rows.push({ kind: 'title', key: `t:${section.key}`, title: section.title });
    for (let i = 0; i < section.devices.length; i += columns) {
      rows.push({
        kind: 'cards',
        key: `c:${section.key}:${i}`,
        devices: section.devices.slice(i, i + columns),
        first: i === 0,
      });
    }
  }
  return rows;
}
