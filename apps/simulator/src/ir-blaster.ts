import type { SimDevice } from '@hestia/catalog';
import { decode } from '@hestia/ir';

type Publish = (values: Record<string, number | string>) => void;

/** The most durations one IR frame may carry here (RC5's 27 up to Kaseikyo's 99, with room). */
const MAX_TIMINGS = 512;

function timingsOf(params: Record<string, unknown>): number[] | null {
  const t = params.timings;
  if (!Array.isArray(t) || t.length === 0 || t.length > MAX_TIMINGS) return null;
  return t.every((d) => typeof d === 'number' && Number.isFinite(d) && d > 0 && d < 100_000)
    ? (t as number[])
    : null;
}

/**
 * The simulated IR blaster (issue 23). `irSend` carries a code's carrier and mark/space timings: the
 * blaster decodes them back, as a receiver beside it would, and reports what went out as its `code`
 * key (`{"protocol","address","command"}` JSON; a raw frame, sent with protocol `raw`, as `{"raw": timings}`). `simulate.irReceive` is a remote pointed at it:
 * while `learn` is on, the blaster decodes the frame, reports it as `code` and turns learning off.
 */
export function answerIr(
  sim: SimDevice,
  method: string,
  params: Record<string, unknown>,
  publish: Publish,
): Record<string, unknown> {
  if (!sim.profile.features.includes('ir')) return { error: `Unknown method ${method}` };
  const timings = timingsOf(params);
  if (!timings) return { error: `timings must be 1 to ${MAX_TIMINGS} durations in µs` };
  const code = decode(timings);
  if (method === 'irSend') {
    // A raw frame (learned from a remote of another protocol) goes out as it is; the blaster reports its timings.
    if (!code && params.protocol !== 'raw') return { error: 'The timings are no IR code this blaster knows' };
    const text = JSON.stringify(code ?? { raw: timings });
    sim.values.set('code', text);
    publish({ code: text });
    return { result: 'OK', decoded: code ?? null };
  }
  // simulate.irReceive: a remote pressed in front of the blaster.
  if (!sim.values.get('learn')) return { result: 'IGNORED' };
  const text = code ? JSON.stringify(code) : JSON.stringify({ raw: timings });
  sim.values.set('code', text);
  sim.values.set('learn', 0);
  publish({ code: text, learn: 0 });
  return { result: 'OK', learned: code ?? { raw: timings } };
}
