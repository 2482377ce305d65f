import { describe, expect, it } from 'vitest';
import { PgliteRemote } from '../src/db/pglite-remote.ts';

describe('the embedded database on its thread', () => {
  it('says at once, once, when its thread stops while in use, and fails every later statement with that reason', async () => {
    const db = await PgliteRemote.open(undefined);
    const lost: Error[] = [];
    db.onLost((err) => lost.push(err));
    expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    await db.thread().terminate();
    expect(lost).toHaveLength(1);
    expect(lost[0]?.message).toMatch(/embedded database/);
    await expect(db.query('select 1')).rejects.toBe(lost[0]);
    expect(lost).toHaveLength(1);
  });

  it('does not call a normal close a loss', async () => {
    const db = await PgliteRemote.open(undefined);
    const lost: Error[] = [];
    db.onLost((err) => lost.push(err));
    await db.exec('create table t (x int)');
    await db.close();
    expect(lost).toEqual([]);
  });
});
