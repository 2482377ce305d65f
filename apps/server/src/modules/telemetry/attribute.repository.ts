import type { TelemetryValue } from '@hestia/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { attributeKv } from '../../db/schema.ts';

export type AttributeScope = 'client' | 'shared' | 'server';

export interface Attribute {
  scope: AttributeScope;
  key: string;
  value: TelemetryValue;
  lastUpdateTs: number;
}

export class AttributeRepository {
  constructor(private readonly db: Db) {}

  /** A device's attributes, of one scope or all, all keys or some. */
  async list(deviceId: string, scope?: AttributeScope, keys?: string[]): Promise<Attribute[]> {
    if (keys && keys.length === 0) return [];
    const rows = await this.db
      .select({
        scope: attributeKv.scope,
        key: attributeKv.key,
        value: attributeKv.value,
        lastUpdateTs: attributeKv.lastUpdateTs,
      })
      .from(attributeKv)
      .where(
        and(
          eq(attributeKv.deviceId, deviceId),
          scope ? eq(attributeKv.scope, scope) : undefined,
          keys ? inArray(attributeKv.key, keys) : undefined,
        ),
      )
      .orderBy(attributeKv.scope, attributeKv.key);
    return rows;
  }

  /** Sets `values` in one statement; an older update never overwrites a newer one. */
  async save(deviceId: string, scope: AttributeScope, values: Record<string, TelemetryValue>, ts: number) {
    const rows = Object.entries(values).map(([k, v]) => ({ k, v }));
    if (rows.length === 0) return;
    await this.db.execute(sql`
        insert into attribute_kv (device_id, scope, key, value, last_update_ts)
        select ${deviceId}::uuid, ${scope}, k, v, ${ts}::bigint
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(k text, v jsonb)
        on conflict (device_id, scope, key) do update set value = excluded.value,
          last_update_ts = excluded.last_update_ts
        where excluded.last_update_ts >= attribute_kv.last_update_ts`);
  }

  /** Removes keys of one scope; answers the keys that existed. */
  async remove(deviceId: string, scope: AttributeScope, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .delete(attributeKv)
      .where(
        and(eq(attributeKv.deviceId, deviceId), eq(attributeKv.scope, scope), inArray(attributeKv.key, keys)),
      )
      .returning({ key: attributeKv.key });
    return rows.map((r) => r.key);
  }
}
