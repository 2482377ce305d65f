import { getProfile } from '@hestia/catalog';
import type { PausedReason, TelemetryValue } from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { DeviceSet } from '../../core/device-set.ts';
import { AppError } from '../../core/errors.ts';
import type { LiveBus } from '../../core/live-bus.ts';
import { TtlCache } from '../../core/ttl-cache.ts';
import { type AccessProblem, accessProblems } from '../automation/run-access.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { DataExchangeRepository, DataExchangeRow as Row } from './data-exchange.repository.ts';

const toDto = (r: Row) => ({
  id: r.id,
  sourceDeviceId: r.sourceDeviceId,
  sourceParameter: r.sourceParameter,
  targetDeviceId: r.targetDeviceId,
  targetParameter: r.targetParameter,
  creationTime: r.createdAt.toISOString(),
  pausedReason: (r.pausedReason as PausedReason) ?? null,
});

/** Would a new exchange from `start` to `first` lead back to `start` through `edges`? */
function feedsBack(
  edges: Array<Pick<Row, 'sourceDeviceId' | 'sourceParameter' | 'targetDeviceId' | 'targetParameter'>>,
  start: string,
  first: string,
): boolean {
  const seen = new Set<string>();
  const stack = [first];
  while (stack.length > 0) {
    const node = stack.pop() as string;
    if (node === start) return true;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const e of edges)
      if (`${e.sourceDeviceId}|${e.sourceParameter}` === node)
        stack.push(`${e.targetDeviceId}|${e.targetParameter}`);
  }
  return false;
}

export interface DataExchangeDeps {
  repo: DataExchangeRepository;
  devices: DeviceService;
  telemetry: TelemetryService;
  clock: Clock;
  log: { warn(o: unknown, m: string): void };
  /** Access changes mark at once the exchanges that lost their access. */
  bus?: LiveBus;
}

/**
 * Data exchange between devices: when a source parameter changes (telemetry this instance ingested),
 * its value is written to the target parameter. Chains that lead back to their start are refused.
 * Each copy asks its owner's access of now: any access to the source, control of the target
 * (docs/decisions/018). Without it the exchange copies nothing and carries the reason; having no
 * switch, it copies again if the access comes back.
 */
export class DataExchangeService {
  private readonly bySource: TtlCache<string, Row[]>;
  /** Source devices of any exchange, so other devices' telemetry costs no database read. */
  private readonly sources: DeviceSet;

  constructor(private readonly deps: DataExchangeDeps) {
    const { repo, telemetry, clock, log, bus } = deps;
    this.bySource = new TtlCache<string, Row[]>(5000, 50_000, clock);
    this.sources = new DeviceSet(() => repo.sourceDeviceIds(), 30_000);
    bus?.onAccessChanged((deviceId) => {
      void (async () => {
        const links = await repo.touching(deviceId);
        for (const link of links) await this.checked(link);
      })().catch((err) => log.warn({ deviceId, err }, 'access sweep failed'));
    });
    telemetry.onIngest((deviceId, values) =>
      this.sources.has(deviceId) === false ? undefined : this.onSourceTelemetry(deviceId, values),
    );
  }

  /** Stops the cache refresh timer. */
  close(): void {
    this.sources.close();
  }

  /** The parameters a device offers as a source (readable) and as a target (writable). */
  async params(userId: string, deviceId: string) {
    const { row } = await this.deps.devices.access(userId, deviceId);
    const profile = getProfile(row.profileId);
    const describe = (k: { key: string; kind: string; unit?: string }) => ({
      key: k.key,
      kind: k.kind,
      unit: k.unit ?? null,
    });
    return {
      sources: (profile?.keys ?? []).filter((k) => k.access !== 'w').map(describe),
      targets: (profile?.keys ?? []).filter((k) => k.access !== 'r').map(describe),
    };
  }

  async list(userId: string, deviceId: string) {
    await this.deps.devices.access(userId, deviceId);
    const rows = await this.deps.repo.byOwnerAndSource(userId, deviceId);
    return (await Promise.all(rows.map((r) => this.checked(r)))).map(toDto);
  }

  async get(userId: string, id: string) {
    return toDto(await this.checked(await this.mine(userId, id)));
  }

  async add(
    userId: string,
    sourceDeviceId: string,
    body: { sourceParameter: string; targetDeviceId: string; targetParameter: string },
  ) {
    const { repo, devices } = this.deps;
    const source = await this.params(userId, sourceDeviceId);
    const target = await this.params(userId, body.targetDeviceId);
    const { access } = await devices.access(userId, body.targetDeviceId);
    if (access === 'view') throw new AppError('VIEW_ONLY');
    if (!source.sources.some((p) => p.key === body.sourceParameter))
      throw new AppError('VALIDATION', `${body.sourceParameter} is not a parameter this device reports`);
    if (!target.targets.some((p) => p.key === body.targetParameter))
      throw new AppError('VALIDATION', `${body.targetParameter} cannot be written on the target device`);
    // Refuse a chain that comes back to where it started (A → B → ... → A): it would never settle.
    const edges = [
      ...(await repo.byOwner(userId)),
      {
        sourceDeviceId,
        sourceParameter: body.sourceParameter,
        targetDeviceId: body.targetDeviceId,
        targetParameter: body.targetParameter,
      },
    ];
    if (
      feedsBack(
        edges,
        `${sourceDeviceId}|${body.sourceParameter}`,
        `${body.targetDeviceId}|${body.targetParameter}`,
      )
    )
      throw new AppError('VALIDATION', 'This exchange would feed back into its own source and never settle.');
    const row = await repo.create({ ownerId: userId, sourceDeviceId, ...body });
    this.bySource.delete(sourceDeviceId);
    this.sources.invalidate();
    return toDto(row);
  }

  async remove(userId: string, id: string) {
    const row = await this.mine(userId, id);
    await this.deps.repo.remove(id);
    this.bySource.delete(row.sourceDeviceId);
    this.sources.invalidate();
  }

  /** Record why `link` copies nothing now (null: it may copy again); changes only what differs. */
  private async mark(link: Row, problem: AccessProblem | null): Promise<Row> {
    if (JSON.stringify(link.pausedReason ?? null) === JSON.stringify(problem)) return link;
    const row = await this.deps.repo.setPaused(link.id, problem);
    this.bySource.delete(link.sourceDeviceId);
    return row ?? link;
  }

  /** `link` as it stands now, marked with the reason when its owner lacks the access it needs. */
  private async checked(link: Row): Promise<Row> {
    const [problem] = await accessProblems(this.deps.devices, link.ownerId, {
      reads: [link.sourceDeviceId],
      writes: [link.targetDeviceId],
    });
    return this.mark(link, problem ?? null);
  }

  private async mine(userId: string, id: string): Promise<Row> {
    const row = await this.deps.repo.get(id);
    if (!row || row.ownerId !== userId) throw new AppError('NOT_FOUND', 'Data exchange not found');
    return row;
  }

  private async onSourceTelemetry(deviceId: string, values: Record<string, TelemetryValue>): Promise<void> {
    const { repo, devices, log } = this.deps;
    if (!(await this.sources.includes(deviceId))) return;
    const links = await this.bySource.getOrLoad(deviceId, () => repo.bySource(deviceId));
    for (const link of links ?? []) {
      if (!(link.sourceParameter in values)) continue;
      const value = values[link.sourceParameter];
      if (value === undefined) continue;
      try {
        // The owner's access of now: a source no longer shared with them is not copied anywhere.
        if ((await this.checked(link)).pausedReason) continue;
        await devices.rpc(
          link.ownerId,
          link.targetDeviceId,
          { method: 'write', params: [{ Key: link.targetParameter, Value: value }] },
          true,
        );
      } catch (err) {
        log.warn({ exchange: link.id, err }, 'data exchange write failed');
      }
    }
  }
}
