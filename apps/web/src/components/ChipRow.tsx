import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/** Where a row sits: on the screen's background, or inside a card (its padding and colour). */
const EDGES = {
  page: {
    row: '-mx-4 px-4 sm:-mx-6 sm:px-6',
    start: '-start-4 sm:-start-6',
    end: '-end-4 sm:-end-6',
    from: 'from-bg',
  },
  card: {
    row: '-mx-4 px-4 py-0.5 sm:-mx-5 sm:px-5',
    start: '-start-4 sm:-start-5',
    end: '-end-4 sm:-end-5',
    from: 'from-surface',
  },
} as const;

/**
 * A row of chips that scrolls sideways on a phone, edge to edge. Where more chips hide past an edge,
 * that edge fades (the scroll hint), at the start or the end, in either direction (RTL too); a spacer
 * at the end keeps the last chip reachable in full rather than cut at the screen's edge. `wrapWide`
 * lets the chips wrap onto more lines on wider screens instead (nothing hides, so nothing fades).
 */
export function ChipRow({
  children,
  testId = 'chip-row',
  edge = 'page',
  wrapWide = false,
}: {
  children: ReactNode;
  testId?: string;
  edge?: keyof typeof EDGES;
  wrapWide?: boolean;
}) {
  const e = EDGES[edge];
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // scrollLeft runs negative in right-to-left rows; its size is the distance from the start.
    const from = Math.abs(el.scrollLeft);
    const max = el.scrollWidth - el.clientWidth;
    setMore((m) => {
      const next = { start: from > 1, end: from < max - 1 };
      return next.start === m.start && next.end === m.end ? m : next;
    });
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(el);
    for (const child of el.children) resize.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  });
  const fade = `pointer-events-none absolute inset-y-0 w-12 ${e.from} to-transparent`;
  return (
    <div className="relative">
      <div
        ref={ref}
        data-testid={testId}
        data-more-start={more.start}
        data-more-end={more.end}
        className={`scrollbar-none flex gap-2 overflow-x-auto ${e.row} ${wrapWide ? 'sm:flex-wrap sm:overflow-visible' : ''}`}
      >
        {children}
        <span aria-hidden="true" className="w-px shrink-0" />
      </div>
      {more.start ? (
        <span aria-hidden="true" className={`${fade} ${e.start} ltr:bg-linear-to-r rtl:bg-linear-to-l`} />
      ) : null}
      {more.end ? (
        <span
          aria-hidden="true"
          data-testid={`${testId}-more`}
          className={`${fade} ${e.end} ltr:bg-linear-to-l rtl:bg-linear-to-r`}
        />
      ) : null}
    </div>
  );
}
