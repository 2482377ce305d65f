import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/database.ts';
import { newAccessToken } from '../../seed/demo.ts';
import { SettingsRepository } from '../account/settings.repository.ts';
import type { UserRepository } from '../account/user.repository.ts';
import type { AssetRepository } from '../asset/asset.repository.ts';
import type { DeviceRecord, DeviceRepository, NewDevice } from '../device/device.repository.ts';
import {
  CsvError,
  modelProblem,
  normalizeMac,
  parseDeviceCsv,
  tokenProblem,
} from '../device/device-records.ts';
import type { ProvisioningService } from './provisioning.service.ts';

/**
 * The operator's device records (`npm run devices`, docs/decisions/020): add one device, import a
 * factory batch, list every record with its token, and hand out a model's provisioning key. Reached
 * only through the operator routes, which check the operator key.
 */

/** The file beside the embedded database that holds the operator key for `npm run devices`. */
export const OPERATOR_KEY_FILE = 'operator.key';

/**
 * The operator key: OPERATOR_KEY, or one generated once and kept in the database (every instance
 * gets the same). In embedded mode it is also written to DATA_DIR/operator.key, readable by its owner
 * only, so the CLI on the same machine finds it.
 */
export async function operatorKey(
  config: Config,
  db: Db,
  log?: { warn(obj: object, msg: string): void },
): Promise<string> {
  const key =
    config.OPERATOR_KEY ??
    (await new SettingsRepository(db).getOrCreate('operator_key', () =>
      randomBytes(32).toString('base64url'),
    ));
  if (config.mode === 'embedded' && !config.dataDir.startsWith('memory://')) {
    const file = join(config.dataDir, OPERATOR_KEY_FILE);
    let current: string | undefined;
    try {
      current = readFileSync(file, 'utf8').trim();
    } catch {
      current = undefined;
    }
    // A folder the server may not write to costs the CLI its key file, not the server its start.
    try {
      if (current !== key) {
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, `${key}\n`, { mode: 0o600 });
        renameSync(tmp, file);
      }
      chmodSync(file, 0o600);
    } catch (err) {
      log?.warn(
        { file, err },
        'the operator key file could not be written; give npm run devices OPERATOR_KEY instead',
      );
    }
  }
  return key;
}

export interface CreatedDevice {
  id: string;
  mac: string | null;
  token: string;
}

/** A database error that is a unique violation (a MAC or token taken meanwhile). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export interface OperatorDeps {
  devices: DeviceRepository;
  users: UserRepository;
  assets: AssetRepository;
  provisioning: ProvisioningService;
}

export class OperatorService {
  constructor(private readonly deps: OperatorDeps) {}

  private record(
    mac: string,
    model: string,
    token: string,
    ownerId: string | null,
    assetId: string | null,
  ): NewDevice {
    return { ownerId, assetId, name: mac, label: mac, mac, profileId: model, accessToken: token };
  }

  /** One device record; with `owner` (an account's email) it is theirs at once, in their default place. */
  async add(input: { model: string; mac: string; owner?: string; token?: string }): Promise<CreatedDevice> {
    const badModel = modelProblem(input.model);
    if (badModel) throw new AppError('VALIDATION', `model: ${badModel}`);
    const mac = normalizeMac(input.mac);
    if (!mac)
      throw new AppError('VALIDATION', `mac: "${input.mac}" is not a MAC address (AA:BB:CC:DD:EE:FF)`);
    if (input.token !== undefined) {
      const badToken = tokenProblem(input.token);
      if (badToken) throw new AppError('VALIDATION', `token: ${badToken}`);
    }
    let ownerId: string | null = null;
    let assetId: string | null = null;
    if (input.owner !== undefined) {
      const user = input.owner.includes('@')
        ? await this.deps.users.findByUsername(input.owner.trim())
        : undefined;
      if (!user || user.email !== input.owner.trim().toLowerCase())
        throw new AppError('VALIDATION', `owner: no account has the email "${input.owner}"`);
      ownerId = user.id;
      assetId = (await this.deps.assets.defaultPlace(user.id))?.id ?? null;
    }
    const token = input.token ?? newAccessToken();
    const taken = await this.deps.devices.taken([mac], input.token ? [token] : []);
    if (taken.macs.size > 0) throw new AppError('CONFLICT', `mac: a device with MAC ${mac} already exists`);
    if (taken.tokens.size > 0) throw new AppError('CONFLICT', 'token: another device already has this token');
    try {
      const row = await this.deps.devices.create(this.record(mac, input.model, token, ownerId, assetId));
      return { id: row.id, mac: row.mac, token: row.accessToken };
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError('CONFLICT', `a device with MAC ${mac} or this token was added meanwhile`);
      throw err;
    }
  }

  /**
   * A factory batch (CSV: mac, model, optional token), all or nothing: any bad row, or a MAC or token
   * some device already has, refuses the whole file, naming the row's line.
   */
  async importCsv(csv: string): Promise<{ imported: number; devices: CreatedDevice[] }> {
    let rows: ReturnType<typeof parseDeviceCsv>;
    try {
      rows = parseDeviceCsv(csv);
    } catch (err) {
      if (err instanceof CsvError) throw new AppError('VALIDATION', `Nothing imported: ${err.message}`);
      throw err;
    }
    const taken = await this.deps.devices.taken(
      rows.map((r) => r.mac),
      rows.flatMap((r) => (r.token ? [r.token] : [])),
    );
    for (const r of rows) {
      if (taken.macs.has(r.mac))
        throw new AppError(
          'CONFLICT',
          `Nothing imported: line ${r.line}: a device with MAC ${r.mac} already exists`,
        );
      if (r.token && taken.tokens.has(r.token))
        throw new AppError(
          'CONFLICT',
          `Nothing imported: line ${r.line}: another device already has this token`,
        );
    }
    try {
      const created = await this.deps.devices.createAll(
        rows.map((r) => this.record(r.mac, r.model, r.token ?? newAccessToken(), null, null)),
      );
      return { imported: created.length, devices: created };
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(
          'CONFLICT',
          'Nothing imported: a device with one of these MACs or tokens was added meanwhile; import again',
        );
      throw err;
    }
  }

  list(): Promise<DeviceRecord[]> {
    return this.deps.devices.records();
  }

  async provisionKeys(model: string) {
    const badModel = modelProblem(model);
    if (badModel) throw new AppError('VALIDATION', `model: ${badModel}`);
    return this.deps.provisioning.keysFor(model);
  }
}
