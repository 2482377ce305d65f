import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type LazyScreen<T extends ComponentType> = LazyExoticComponent<T> & {
  /** Load the screen's code now; settles once it is in (a failed load is tried again next time). */
  preload(): Promise<void>;
};

/**
 * A screen loaded on demand, like React.lazy, that can also be loaded ahead (preload). Once its code is
 * in, the screen renders at once: React.lazy suspends on the first render even when the module is
 * already loaded, and a boundary that showed its fallback is revealed at the earliest 300 ms later
 * (React's throttle), which a first screen must not wait for (issue 16, first load).
 */
export function lazyScreen<T extends ComponentType>(load: () => Promise<{ default: T }>): LazyScreen<T> {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // A thenable that calls back at once: React.lazy then resolves during the render that asks for it.
  const ready = (module: { default: T }) =>
    // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable; this one is settled.
    ({ then: (onFulfilled: (m: { default: T }) => unknown) => onFulfilled(module) }) as unknown as Promise<{
      default: T;
    }>;
  const Screen = lazy(() => (loaded ? ready(loaded) : start()));
  return Object.assign(Screen, { preload: () => start().then(() => undefined) });
}
