import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type GridSection, layoutRows, type VirtualRow } from '../lib/grid-rows.ts';
import { DeviceCard } from './DeviceCard.tsx';

export type { GridSection };

/** A card re-renders for its own props and values only, not each time the grid does (a new offset, a measurement). */
const Card = memo(DeviceCard);

/** Columns as the grid's breakpoints give them: 2 on a phone, 3 from sm, 4 from lg, 5 from xl. */
function columnsFor(width: number): number {
  if (width >= 1280) return 5;
  if (width >= 1024) return 4;
  if (width >= 640) return 3;
  return 2;
}

function useColumns(): number {
  const [columns, setColumns] = useState(() => columnsFor(window.innerWidth));
  useLayoutEffect(() => {
    const onResize = () => setColumns(columnsFor(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return columns;
}

interface DeviceGridProps {
  sections: readonly GridSection[];
  selecting?: boolean;
  selected?: ReadonlySet<string>;
  onSelect?(id: string): void;
  onLongPress?(id: string): void;
}

const CARD_ROW_PX = 164;
const TITLE_ROW_PX = 44;
/**
 * Up to this many rows (a phone screen shows five, and the virtualiser renders four more either side)
 * every row is rendered as it is, in the page's flow: virtualising them would save no row, and would
 * cost the first render layouts of its own (the virtualiser measures rows and sets the scroll when it
 * starts).
 */
const VIRTUALISE_FROM_ROWS = 13;

/**
 * The device cards, virtualised by rows against the page's own scroll: only the rows near the
 * viewport are in the DOM, so a home of 500 devices scrolls smoothly on a phone.
 */
export function DeviceGrid({
  sections,
  selecting = false,
  selected,
  onSelect,
  onLongPress,
}: DeviceGridProps) {
  const columns = useColumns();
  const rows = useMemo(() => layoutRows(sections, columns), [sections, columns]);
  const virtual = rows.length >= VIRTUALISE_FROM_ROWS;
  const listRef = useRef<HTMLDivElement>(null);
  // Where the grid starts on the page, read after the browser has laid the page out (after paint), so a
  // commit never forces a layout of its own. Until then 0: the rows are placed the same whatever the
  // offset (it is added and taken off again), and the rows counted as in view are a few more, never fewer.
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const el = listRef.current;
    if (el && virtual) setOffset(el.getBoundingClientRect().top + window.scrollY);
  });

  const virtualizer = useWindowVirtualizer({
    enabled: virtual,
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'title' ? TITLE_ROW_PX : CARD_ROW_PX),
    overscan: 4,
    scrollMargin: offset,
    getItemKey: (i) => rows[i]?.key ?? i,
  });

  const content = (row: VirtualRow) =>
    row.kind === 'title' ? (
      <h2 className="px-1 pt-4 pb-3 text-sm font-semibold text-muted" data-testid="grid-section-title">
        <bdi>{row.title}</bdi>
      </h2>
    ) : (
      <div
        className="grid gap-3 pb-3 sm:gap-4 sm:pb-4"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {row.devices.map((device) => (
          <Card
            key={device.id}
            device={device}
            selecting={selecting}
            selected={selected?.has(device.id) ?? false}
            onSelect={onSelect}
            onLongPress={onLongPress}
          />
        ))}
      </div>
    );

  if (!virtual)
    return (
      <div ref={listRef} data-testid="device-grid">
        {rows.map((row) => (
          <div key={row.key}>{content(row)}</div>
        ))}
      </div>
    );

  return (
    <div
      ref={listRef}
      data-testid="device-grid"
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {content(row)}
          </div>
        );
      })}
    </div>
  );
}
