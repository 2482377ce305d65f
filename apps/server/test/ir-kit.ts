import type { HestiaClient } from '@hestia/client';
import type { IrCode } from '@hestia/ir';

/**
 * What a simulated IR blaster last reported sending or learning (its `code` key: a code, or
 * `{raw: timings}`), read through the server as the app reads it; undefined before any.
 */
export async function blasterCode(client: HestiaClient, blasterId: string): Promise<IrCode | undefined> {
  const values = await client.call('latestTimeseries', {
    params: { entityType: 'DEVICE', entityId: blasterId },
    query: { keys: 'code' },
  });
  const v = (values as Record<string, Array<{ value: unknown }>>).code?.[0]?.value;
  return typeof v === 'string' && v.startsWith('{') ? (JSON.parse(v) as IrCode) : undefined;
}
