/** Calls `fn` after the browser has painted its next frame, in a task of its own; returns a cancel. */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

let waiting: (() => void)[] | null = [];

/**
 * Calls `fn` once the app's first screen has been painted (at once if it has): for work the first
 * screen does not need, so it neither delays nor competes with it (issue 16, first load).
 */
export function afterFirstScreen(fn: () => void): void {
  if (waiting) waiting.push(fn);
  else fn();
}

/** The app's first screen is committed (App reports it once): what waits runs after the next paint. */
export function firstScreenCommitted(): void {
  const run = waiting;
  if (!run) return;
  waiting = null;
  afterNextPaint(() => {
    for (const fn of run) fn();
  });
}
