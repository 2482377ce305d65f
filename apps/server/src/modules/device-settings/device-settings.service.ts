import {
  categories,
  type DeviceParameter,
  deviceParameters,
  getProfile,
  type ModelProfile,
  parameterMap,
  profiles,
  pushKeyCount,
  type SettingType,
  settingKeys,
  settingTypesOf,
  validActions,
} from '@hestia/catalog';
import type {
  DeviceCategory,
  DeviceProfileDto,
  DeviceProfileSummary,
  DeviceSetting,
  KeyValue,
  TelemetryValue,
} from '@hestia/contract';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';

/** How long the `.../update` variant waits for the device to report the values it was sent. */
const REPORT_WAIT_MS = 5000;

const summary = (p: ModelProfile): DeviceProfileSummary => ({
  id: p.id,
  deviceType: p.deviceType,
  family: p.family,
  variant: p.variant,
  brand: p.brand,
  icon: p.icon,
  features: [...p.features],
  route: p.route.name,
});

function profileOrFail(id: string): ModelProfile {
  const p = getProfile(id);
  if (!p) throw new AppError('NOT_FOUND', 'Device profile not found');
  return p;
}

/** A catalogue parameter as the API sends it (lists copied, not shared with the catalogue). */
const param = (p: DeviceParameter) => {
  const { values, ...rest } = p;
  return values ? { ...rest, values: [...values] } : rest;
};
const params = (p: ModelProfile) => deviceParameters(p).map(param);

const same = (a: TelemetryValue | undefined, b: TelemetryValue) =>
  a !== undefined && (a === b || Number(a) === Number(b) || String(a) === String(b));

export interface DeviceSettingsDeps {
  devices: DeviceService;
  telemetry: TelemetryService;
  clock: Clock;
}

/**
 * Device settings (spec section 3 setting types) read from the latest telemetry and written through
 * the device write path; device profiles, categories and valid actions, all from the catalogue.
 */
export class DeviceSettingsService {
  constructor(private readonly deps: DeviceSettingsDeps) {}

  async read(userId: string, deviceId: string, type: SettingType): Promise<DeviceSetting> {
    const { devices, telemetry } = this.deps;
    const { row, access } = await devices.access(userId, deviceId);
    const profile = getProfile(row.profileId);
    const latest = (await telemetry.latestFor([deviceId])).get(deviceId) ?? new Map();
    const keys = profile ? settingKeys(profile, type) : [];
    const fields = keys.map((k) => {
      const known = k.access === 'w' ? undefined : latest.get(k.key);
      return {
        key: k.key,
        title: k.title,
        access: k.access,
        kind: k.kind,
        dataType: k.dataType,
        unit: k.unit ?? null,
        min: k.min ?? null,
        max: k.max ?? null,
        values: k.values ? [...k.values] : null,
        value: known ? known[1] : null,
        ts: known ? known[0] : null,
      };
    });
    const version = latest.get('current_fw_version')?.[1];
    return {
      deviceId,
      type,
      deviceProfileId: row.profileId,
      isNotConnected: String(latest.get('active')?.[1]) !== 'true',
      version: version === undefined ? null : String(version),
      supported: fields.length > 0,
      writable: access !== 'view' && fields.some((f) => f.access !== 'r'),
      fields,
    };
  }

  async write(
    userId: string,
    deviceId: string,
    type: SettingType,
    values: KeyValue[],
    waitForReport: boolean,
  ): Promise<DeviceSetting> {
    const { clock, devices, telemetry } = this.deps;
    const { row, access } = await devices.access(userId, deviceId);
    if (access === 'view') throw new AppError('VIEW_ONLY');
    const profile = getProfile(row.profileId);
    const keys = profile ? settingKeys(profile, type) : [];
    if (keys.length === 0) throw new AppError('VALIDATION', `This device has no ${type} setting`);
    const writableKeys = new Set(keys.filter((k) => k.access !== 'r').map((k) => k.key));
    if (writableKeys.size === 0) throw new AppError('VALIDATION', `The ${type} setting is read only`);
    const outside = values.find((v) => !writableKeys.has(v.Key));
    if (outside)
      throw new AppError(
        'VALIDATION',
        `${outside.Key} is not a writable key of the ${type} setting (keys: ${[...writableKeys].join(', ')})`,
      );
    const sentAt = clock.now();
    // The device write path: catalogue checks and rules, offline refusal, the device's own answer.
    const answer = await devices.rpc(userId, deviceId, { method: 'write', params: values }, true);
    if (answer.result !== undefined && String(answer.result) !== 'OK')
      throw new AppError('DEVICE_REJECTED', `The device refused the command: ${String(answer.result)}`);
    if (waitForReport) {
      const reported = keys.filter((k) => k.access === 'rw').map((k) => k.key);
      const expected = values.filter((v) => reported.includes(v.Key));
      const end = Date.now() + REPORT_WAIT_MS;
      for (;;) {
        const latest = (await telemetry.latestFor([deviceId])).get(deviceId) ?? new Map();
        const done = expected.every((v) => {
          const known = latest.get(v.Key);
          return known !== undefined && known[0] >= sentAt && same(known[1], v.Value);
        });
        if (done) break;
        if (Date.now() >= end) throw new AppError('DEVICE_NO_ANSWER');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return this.read(userId, deviceId, type);
  }

  profiles(): DeviceProfileSummary[] {
    return profiles.map(summary);
  }

  /** Profiles of the caller's devices in one of their places or rooms (its rooms included). */
  async profilesInAsset(userId: string, assetId: string): Promise<DeviceProfileSummary[]> {
    const { devices } = this.deps;
    const list = await devices.list(userId, { assetId, childAssetContains: 'true' });
    const ids = [...new Set(list.map((d) => d.deviceProfileId))];
    return ids.flatMap((id) => {
      const p = getProfile(id);
      return p ? [summary(p)] : [];
    });
  }

  profile(id: string): DeviceProfileDto {
    const p = profileOrFail(id);
    return {
      ...summary(p),
      deviceParameters: params(p),
      parameterMap: Object.fromEntries(Object.entries(parameterMap(p)).map(([k, v]) => [k, param(v)])),
      settingTypes: settingTypesOf(p),
      keyCount: pushKeyCount(p),
    };
  }

  /** Parameters a condition or data exchange may read: every reported key. */
  validParams(id: string) {
    return params(profileOrFail(id)).filter((p) => p.access !== 'w');
  }

  profileValidActions(id: string) {
    return validActions(profileOrFail(id));
  }

  allProfileValidActions() {
    return profiles.map((p) => ({ deviceProfileId: p.id, actions: validActions(p) }));
  }

  async deviceValidActions(userId: string, deviceId: string) {
    const { devices } = this.deps;
    const { row } = await devices.access(userId, deviceId);
    const p = getProfile(row.profileId);
    return {
      deviceId,
      label: row.label,
      deviceProfileId: row.profileId,
      actions: p ? validActions(p) : [],
    };
  }

  /** Valid actions of every device the caller may control. */
  async validActions(userId: string) {
    const { devices } = this.deps;
    const list = await devices.list(userId, {});
    return list
      .filter((d) => d.access !== 'view')
      .map((d) => {
        const p = getProfile(d.deviceProfileId);
        return {
          deviceId: d.id,
          label: d.label,
          deviceProfileId: d.deviceProfileId,
          actions: p ? validActions(p) : [],
        };
      });
  }

  categories(): DeviceCategory[] {
    return categories();
  }
}
