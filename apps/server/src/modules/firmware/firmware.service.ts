import { createHash } from 'node:crypto';
import {
  compareFirmwareVersions,
  FIRMWARE_STATES,
  type FirmwarePackage,
  type FirmwareState,
  type FirmwareStatus,
  MAX_FIRMWARE_BYTES,
  type TelemetryValue,
} from '@hestia/contract';
import { AppError } from '../../core/errors.ts';
import type { DeviceRepository } from '../device/device.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import { modelProblem } from '../device/device-records.ts';
import type { AttributeService } from '../telemetry/attribute.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { FirmwarePackageInfo, FirmwarePackageRow, FirmwareRepository } from './firmware.repository.ts';

/** The shared attributes ThingsBoard tells a device of its firmware update with. */
const FW_KEYS = ['fw_title', 'fw_version', 'fw_size', 'fw_checksum', 'fw_checksum_algorithm'];
/** Packages kept in memory for chunk requests (an update downloads one package many times over). */
const CACHED_PACKAGES = 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A firmware update ended (the device reported UPDATED or FAILED): what the notifications of
 * issue 20 turn into "firmware result" notifications. Emitted on the instance that took the report.
 */
export interface FirmwareResult {
  deviceId: string;
  /** The device's owner (null for a device nobody owns) and its name as the owner sees it. */
  ownerId: string | null;
  deviceName: string;
  state: 'UPDATED' | 'FAILED';
  /** The version the device now runs (UPDATED) or failed to install (FAILED), when known. */
  version: string | null;
  /** The device's reason with FAILED (`fw_error`). */
  error: string | null;
  ts: number;
}

export interface FirmwareDeps {
  repo: FirmwareRepository;
  devices: DeviceService;
  /** Device rows by id, for chunk requests (no user behind them). */
  deviceRows: Pick<DeviceRepository, 'get'>;
  attributes: AttributeService;
  telemetry: TelemetryService;
  log: { warn(obj: unknown, msg: string): void };
}

const text = (v: TelemetryValue | undefined): string | null =>
  v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);

function packageDto(p: FirmwarePackageInfo): FirmwarePackage {
  return {
    id: p.id,
    profile: p.profileId,
    title: p.title,
    version: p.version,
    size: p.size,
    checksum: p.checksum,
    checksumAlgorithm: 'SHA256',
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * Firmware over the air, ThingsBoard's way (issue 20): packages per device model (the operator's
 * `npm run firmware`), the owner's update (the device's fw_* shared attributes), the chunks the
 * device then asks for over MQTT, and the update's progress as the device reports it.
 */
export class FirmwareService {
  private readonly cache = new Map<string, FirmwarePackageRow>();
  private readonly listeners = new Set<(r: FirmwareResult) => void>();

  constructor(private readonly deps: FirmwareDeps) {
    deps.telemetry.onIngest((deviceId, values, previous, ts) => {
      const state = values.fw_state;
      if (
        (state === 'UPDATED' || state === 'FAILED') &&
        previous.fw_state !== state &&
        this.listeners.size > 0
      )
        return this.announce(deviceId, state, values, ts);
      return undefined;
    });
  }

  /**
   * Hears every firmware result (UPDATED or FAILED, once per change of state) this instance takes:
   * the hook for the notifications. Returns the way to stop hearing.
   */
  onResult(listener: (r: FirmwareResult) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async announce(
    deviceId: string,
    state: 'UPDATED' | 'FAILED',
    values: Record<string, TelemetryValue>,
    ts: number,
  ): Promise<void> {
    const row = await this.deps.deviceRows.get(deviceId);
    if (!row) return;
    const told = await this.deps.attributes.list(deviceId, 'shared', ['fw_version']);
    const result: FirmwareResult = {
      deviceId,
      ownerId: row.ownerId,
      deviceName: row.label || row.name,
      state,
      version: text(values.current_fw_version) ?? text(told[0]?.value),
      error: state === 'FAILED' ? text(values.fw_error) : null,
      ts,
    };
    for (const listener of this.listeners) {
      try {
        listener(result);
      } catch (err) {
        this.deps.log.warn({ err, deviceId }, 'a firmware result listener failed');
      }
    }
  }

  /** The operator stores a package (`npm run firmware -- add`): checked, hashed, kept. */
  async addPackage(input: { profile: string; version: string; data: string }): Promise<FirmwarePackage> {
    const badModel = modelProblem(input.profile);
    if (badModel) throw new AppError('VALIDATION', `profile: ${badModel}`);
    const encoded = input.data.replace(/\s+/g, '');
    if (!BASE64.test(encoded) || encoded.length % 4 === 1)
      throw new AppError('VALIDATION', 'data: the file must be sent as base64');
    const bytes = Buffer.from(encoded, 'base64');
    if (bytes.length === 0) throw new AppError('VALIDATION', 'The firmware file is empty.');
    if (bytes.length > MAX_FIRMWARE_BYTES)
      throw new AppError(
        'FIRMWARE_TOO_BIG',
        `The firmware file is too big: ${bytes.length} bytes, at most ${MAX_FIRMWARE_BYTES} (4 MiB).`,
      );
    const created = await this.deps.repo.add({
      profileId: input.profile,
      title: input.profile,
      version: input.version,
      size: bytes.length,
      checksum: createHash('sha256').update(bytes).digest('hex'),
      data: bytes,
    });
    if (!created)
      throw new AppError(
        'CONFLICT',
        `Model ${input.profile} already has firmware version ${input.version}; give the new file a new version.`,
      );
    return packageDto(created);
  }

  async packages(profile?: string): Promise<FirmwarePackage[]> {
    if (profile !== undefined) {
      const badModel = modelProblem(profile);
      if (badModel) throw new AppError('VALIDATION', `profile: ${badModel}`);
    }
    return (await this.deps.repo.list(profile)).map(packageDto);
  }

  /** The newest package of a model newer than `current` (any, when the device never said). */
  private async newest(profileId: string, current: string | null): Promise<FirmwarePackageInfo | undefined> {
    const newer = (await this.deps.repo.list(profileId)).filter(
      (p) => current === null || compareFirmwareVersions(p.version, current) > 0,
    );
    return newer.sort((a, b) => compareFirmwareVersions(b.version, a.version))[0];
  }

  /** The device's firmware as the update screen shows it (owner and shared users). */
  async status(userId: string, deviceId: string): Promise<FirmwareStatus> {
    const { row, access } = await this.deps.devices.access(userId, deviceId);
    const latest = (await this.deps.telemetry.latestFor([deviceId])).get(deviceId) ?? new Map();
    const told = await this.deps.attributes.list(deviceId, 'shared', ['fw_version']);
    const currentVersion = text(latest.get('current_fw_version')?.[1]);
    const available = await this.newest(row.profileId, currentVersion);
    const requestedAt = told[0]?.lastUpdateTs ?? null;
    const reported = latest.get('fw_state');
    const stateText = text(reported?.[1]);
    let state = (FIRMWARE_STATES as readonly string[]).includes(stateText ?? '')
      ? (stateText as FirmwareState)
      : null;
    let stateTs = reported?.[0] ?? null;
    // An update sent after the device's last report starts over: INITIATED until the device speaks.
    const sentSince = requestedAt !== null && (stateTs === null || requestedAt > stateTs);
    if (sentSince) {
      state = 'INITIATED';
      stateTs = requestedAt;
    }
    const progress = Number(latest.get('fw_progress')?.[1]);
    return {
      deviceId,
      currentVersion,
      available: available ? { version: available.version, size: available.size } : null,
      targetVersion: text(told[0]?.value),
      requestedAt,
      state,
      stateTs,
      progress: state === 'DOWNLOADING' && Number.isFinite(progress) ? progress : null,
      error: state === 'FAILED' ? text(latest.get('fw_error')?.[1]) : null,
      online: String(latest.get('active')?.[1]) === 'true',
      owner: access === 'owner',
    };
  }

  /**
   * The owner updates the device to the newest package of its model newer than what it runs: its
   * fw_* shared attributes are set (and pushed to it), as ThingsBoard assigns firmware.
   */
  async update(userId: string, deviceId: string): Promise<FirmwareStatus> {
    const { row, access } = await this.deps.devices.access(userId, deviceId);
    if (access !== 'owner') throw new AppError('FIRMWARE_SHARED');
    const latest = (await this.deps.telemetry.latestFor([deviceId])).get(deviceId) ?? new Map();
    if (String(latest.get('active')?.[1]) !== 'true') throw new AppError('FIRMWARE_OFFLINE');
    const target = await this.newest(row.profileId, text(latest.get('current_fw_version')?.[1]));
    if (!target) throw new AppError('FIRMWARE_UP_TO_DATE');
    await this.deps.attributes.set(deviceId, 'shared', {
      fw_title: target.title,
      fw_version: target.version,
      fw_size: target.size,
      fw_checksum: target.checksum,
      fw_checksum_algorithm: 'SHA256',
    });
    return this.status(userId, deviceId);
  }

  /** The package the device was told of (its fw_* shared attributes), or undefined. */
  private async toldPackage(deviceId: string): Promise<FirmwarePackageRow | undefined> {
    const row = await this.deps.deviceRows.get(deviceId);
    if (!row) return undefined;
    const told = new Map(
      (await this.deps.attributes.list(deviceId, 'shared', FW_KEYS)).map((a) => [a.key, text(a.value)]),
    );
    const version = told.get('fw_version');
    if (!version || told.get('fw_title') !== row.profileId) return undefined;
    const key = `${row.profileId}|${version}`;
    let pkg = this.cache.get(key);
    if (!pkg) {
      pkg = await this.deps.repo.get(row.profileId, version);
      if (!pkg) return undefined;
      this.cache.set(key, pkg);
      if (this.cache.size > CACHED_PACKAGES) this.cache.delete(this.cache.keys().next().value as string);
    }
    // The bytes the device will check against what it was told.
    return pkg.checksum === told.get('fw_checksum') ? pkg : undefined;
  }

  /**
   * A device's chunk request (`v2/fw/request/{requestId}/chunk/{n}`, the chunk size as payload, none
   * for the whole package): the bytes of that chunk of the package it was told of, empty past the
   * end as ThingsBoard answers. A device told of no package (or of one since removed) gets no answer.
   */
  readonly chunk = async (
    deviceId: string,
    chunk: number,
    size: number | null,
  ): Promise<Uint8Array | null> => {
    const pkg = await this.toldPackage(deviceId);
    if (!pkg) {
      this.deps.log.warn(
        { deviceId, chunk },
        'firmware chunk asked for a package the device was not told of',
      );
      return null;
    }
    if (size === null) return chunk === 0 ? pkg.data : new Uint8Array(0);
    const start = chunk * size;
    return start >= pkg.data.length
      ? new Uint8Array(0)
      : pkg.data.subarray(start, Math.min(start + size, pkg.data.length));
  };
}
