import { getProfile } from '@hestia/catalog';
import type { Report } from '@hestia/contract';
import { csvText } from '../../core/csv.ts';
import { AppError } from '../../core/errors.ts';
import type { UserRepository } from '../account/user.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { ShareRepository } from '../share/share.repository.ts';
import type { TelemetryHistory } from '../telemetry/telemetry.repository.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { ReportRepository, ReportRow } from './report.repository.ts';
import { changes, ERROR_KEY, energyByBucket, onTime, type Point, round } from './report-math.ts';

const MAX_SAMPLES = 500_000;
const MAX_EVENTS = 1000;
/** Firmware keys whose changes are history events (the catalogue's firmware source). */
const FIRMWARE_KEYS = ['current_fw_version', 'fw_state'];

type Summary = Omit<Report, 'id' | 'deviceId' | 'deviceLabel' | 'startTs' | 'endTs' | 'createdAt'>;

function toReport(row: ReportRow, deviceLabel: string): Report {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceLabel,
    startTs: row.startTs,
    endTs: row.endTs,
    createdAt: row.createdAt.toISOString(),
    ...(row.summary as Summary),
  };
}

/** A report as CSV: one section per part, RFC 4180 quoting, formulas made text (csv.ts). */
export function reportCsv(r: Report): string {
  const iso = (ts: number) => new Date(ts).toISOString();
  const lines = [
    ['device', r.deviceLabel],
    ['from', iso(r.startTs)],
    ['to', iso(r.endTs)],
    ['energy_kwh', r.energyKwh ?? ''],
    ['cost', r.cost ?? ''],
    ['currency', r.currency ?? ''],
    ...Object.entries(r.onTimeMs).map(([k, ms]) => [`on_time_hours_${k}`, round(ms / 3_600_000, 3)]),
    [],
    ['time', 'kind', 'key', 'value'],
    ...[...r.events.map((e) => ({ ...e, kind: 'event' })), ...r.errors.map((e) => ({ ...e, kind: 'error' }))]
      .sort((a, b) => a.ts - b.ts)
      .map((e) => [iso(e.ts), e.kind, e.key, e.value]),
  ];
  return csvText(lines);
}

export interface ReportDeps {
  reports: ReportRepository;
  shares: Pick<ShareRepository, 'history'>;
  history: Pick<TelemetryHistory, 'samplesInRange' | 'valuesBefore'>;
  devices: DeviceService;
  users: UserRepository;
  telemetry: TelemetryService;
}

/**
 * Device reports (usage, on-time, energy and cost, events: on/off, firmware and shares, errors) and
 * energy per hour or day.
 */
export class ReportService {
  constructor(private readonly deps: ReportDeps) {}

  private async tariffOf(userId: string) {
    const { users } = this.deps;
    const user = await users.get(userId);
    return { tariff: user?.tariff ?? null, timeZone: user?.timeZone ?? 'UTC' };
  }

  /**
   * Shares of the device created, accepted and ended within the range, as events keyed
   * `share.created`, `share.accepted`, `share.revoked` with the shared user's name or e-mail as value.
   * The owner sees every share; a shared user only their own.
   */
  private async shareEvents(
    viewerId: string,
    owner: boolean,
    deviceId: string,
    range: { startTs: number; endTs: number },
  ): Promise<Report['events']> {
    const { shares } = this.deps;
    const rows = await shares.history(deviceId);
    const out: Report['events'] = [];
    for (const r of rows) {
      if (!owner && r.userId !== viewerId) continue;
      const who = `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email || '';
      const add = (at: Date | null, key: string) => {
        const ts = at?.getTime();
        if (ts !== undefined && ts >= range.startTs && ts < range.endTs) out.push({ ts, key, value: who });
      };
      add(r.requestedAt, 'share.created');
      add(r.activatedAt, 'share.accepted');
      add(r.deletedAt, 'share.revoked');
    }
    return out;
  }

  private async powerPoints(deviceId: string, startTs: number, endTs: number): Promise<Point[]> {
    const { history, telemetry } = this.deps;
    await telemetry.flush();
    const samples = await history.samplesInRange(deviceId, startTs, endTs, MAX_SAMPLES);
    return samples
      .filter((s) => s.key === 'power' && typeof s.value === 'number')
      .map((s) => ({ ts: s.ts, value: s.value as number }));
  }

  async energy(
    userId: string,
    deviceId: string,
    q: { startTs: number; endTs: number; bucket: 'HOUR' | 'DAY' },
  ) {
    const { devices } = this.deps;
    await devices.access(userId, deviceId);
    const { tariff, timeZone } = await this.tariffOf(userId);
    const buckets = energyByBucket(
      await this.powerPoints(deviceId, q.startTs, q.endTs),
      q,
      q.bucket,
      timeZone,
    ).map((b) => ({
      ...b,
      cost: tariff ? round(b.kwh * tariff.pricePerKwh, 4) : null,
    }));
    const totalKwh = round(
      buckets.reduce((s, b) => s + b.kwh, 0),
      6,
    );
    return {
      buckets,
      totalKwh,
      totalCost: tariff ? round(totalKwh * tariff.pricePerKwh, 4) : null,
      currency: tariff?.currency ?? null,
      timeZone,
    };
  }

  async generate(
    userId: string,
    deviceId: string,
    range: { startTs: number; endTs: number },
  ): Promise<Report> {
    const { devices, history, reports, telemetry } = this.deps;
    const { row: device, access } = await devices.access(userId, deviceId);
    await telemetry.flush();
    const samples = await history.samplesInRange(deviceId, range.startTs, range.endTs, MAX_SAMPLES);
    const profile = getProfile(device.profileId);
    const binaryKeys = new Set([
      ...(profile?.keys.filter((k) => k.kind === 'boolean').map((k) => k.key) ?? []),
      'active',
    ]);
    const byKey = new Map<string, Point[]>();
    const errors: Report['errors'] = [];
    for (const s of samples) {
      if (binaryKeys.has(s.key)) {
        const list = byKey.get(s.key) ?? [];
        list.push({ ts: s.ts, value: s.value === true || s.value === 1 || s.value === 'true' ? 1 : 0 });
        byKey.set(s.key, list);
      } else if (
        ERROR_KEY.test(s.key) &&
        s.value !== 0 &&
        s.value !== false &&
        s.value !== '0' &&
        s.value !== ''
      ) {
        errors.push({ ts: s.ts, key: s.key, value: String(s.value) });
      }
    }
    const initial = await history.valuesBefore(deviceId, [...binaryKeys], range.startTs);
    const asBit = (v: unknown) =>
      v === undefined ? undefined : v === true || v === 1 || v === 'true' ? 1 : 0;
    const onTimeMs: Record<string, number> = {};
    const events: Report['events'] = [];
    for (const key of binaryKeys) {
      const points = byKey.get(key) ?? [];
      const start = asBit(initial.get(key));
      if (key !== 'active') onTimeMs[key] = onTime(points, range, start);
      for (const c of changes(points, start)) events.push({ ts: c.ts, key, value: String(c.value) });
    }
    // Firmware: each new version or update state (the first one in the range when nothing came before).
    const firmwareBefore = await history.valuesBefore(deviceId, FIRMWARE_KEYS, range.startTs);
    const lastFirmware = new Map([...firmwareBefore].map(([k, v]) => [k, String(v)]));
    for (const s of samples) {
      if (!FIRMWARE_KEYS.includes(s.key)) continue;
      const value = String(s.value);
      if (lastFirmware.get(s.key) === value) continue;
      lastFirmware.set(s.key, value);
      events.push({ ts: s.ts, key: s.key, value });
    }
    events.push(...(await this.shareEvents(userId, access === 'owner', deviceId, range)));
    events.sort((a, b) => a.ts - b.ts);
    const power = samples
      .filter((s) => s.key === 'power' && typeof s.value === 'number')
      .map((s) => ({ ts: s.ts, value: s.value as number }));
    const { tariff, timeZone } = await this.tariffOf(userId);
    const energyKwh =
      power.length > 0
        ? round(
            energyByBucket(power, range, 'DAY', timeZone).reduce((sum, b) => sum + b.kwh, 0),
            6,
          )
        : null;
    const summary: Summary = {
      onTimeMs,
      energyKwh,
      cost: energyKwh !== null && tariff ? round(energyKwh * tariff.pricePerKwh, 4) : null,
      currency: energyKwh !== null && tariff ? tariff.currency : null,
      events: events.slice(-MAX_EVENTS),
      errors: errors.slice(-MAX_EVENTS),
      samples: samples.length,
    };
    const row = await reports.create({
      deviceId,
      userId,
      startTs: range.startTs,
      endTs: range.endTs,
      summary,
    });
    return toReport(row, device.label);
  }

  async list(userId: string, deviceId: string) {
    const { devices, reports } = this.deps;
    await devices.access(userId, deviceId);
    return (await reports.list(deviceId, userId)).map((r) => ({
      id: r.id,
      deviceId: r.deviceId,
      startTs: r.startTs,
      endTs: r.endTs,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async get(userId: string, deviceId: string, reportId: string): Promise<Report> {
    const { devices, reports } = this.deps;
    const { row: device } = await devices.access(userId, deviceId);
    const row = await reports.get(reportId);
    if (!row || row.deviceId !== deviceId || row.userId !== userId)
      throw new AppError('NOT_FOUND', 'Report not found');
    return toReport(row, device.label);
  }
}
