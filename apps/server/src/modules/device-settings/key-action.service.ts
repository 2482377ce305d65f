import {
  buildWrite,
  CatalogError,
  getProfile,
  labelSlots,
  pressTypeOf,
  pushKeyCount,
  pushKeyIndex,
} from '@hestia/catalog';
import {
  type CommandValue,
  type KeyAction,
  type KeyActionBody,
  type KeyLabels,
  MAX_ACTIONS_PER_PRESS,
} from '@hestia/contract';
import { AppError } from '../../core/errors.ts';
import type { AutomationRepository } from '../automation/automation.repository.ts';
import type { AutomationService } from '../automation/automation.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { KeyActionRepository, KeyActionRow } from './key-action.repository.ts';

export interface KeyActionDeps {
  repo: KeyActionRepository;
  automationRepo: AutomationRepository;
  automations: AutomationService;
  devices: DeviceService;
  telemetry: TelemetryService;
  log: { warn(o: unknown, m: string): void };
}

/**
 * Key actions: a press (tap or hold) of key 1..6 of a key device runs the actions bound to it, in
 * order — one of the binder's scenarios, or a write to a device the binder may control. Also the
 * titles users give a device's keys, relays and curtains.
 */
export class KeyActionService {
  constructor(private readonly deps: KeyActionDeps) {
    const { telemetry } = deps;

    // Presses: a key event (1 tap, 2 hold) reported by a key device, once per message ingested here.
    // Only messages that report a key press go further (synchronously dismissed otherwise).
    telemetry.onIngest((deviceId, values) => {
      const presses: Array<[number, 'tap' | 'hold']> = [];
      for (const key in values) {
        const index = pushKeyIndex(key);
        const press = index === undefined ? undefined : pressTypeOf(values[key] as CommandValue);
        if (index !== undefined && press) presses.push([index, press]);
      }
      if (presses.length === 0) return;
      return (async () => {
        for (const [index, press] of presses) await this.runPress(deviceId, index, press);
      })();
    });
  }

  private async toDtos(rows: KeyActionRow[]): Promise<KeyAction[]> {
    const { repo } = this.deps;
    const names = await repo.names(
      rows.flatMap((r) => (r.scenarioId ? [r.scenarioId] : [])),
      rows.flatMap((r) => (r.targetDeviceId ? [r.targetDeviceId] : [])),
    );
    return rows.map((r, i) => ({
      id: r.id,
      deviceId: r.deviceId,
      keyIndex: r.keyIndex,
      pressType: r.pressType,
      actionType: r.actionType,
      title: r.title,
      scenarioId: r.scenarioId,
      scenarioName: r.scenarioId ? (names.scenarios.get(r.scenarioId) ?? null) : null,
      targetDeviceId: r.targetDeviceId,
      targetDeviceLabel: r.targetDeviceId ? (names.devices.get(r.targetDeviceId) ?? null) : null,
      key: r.key,
      value: (r.value as CommandValue | null) ?? null,
      order: i,
      creationTime: r.createdAt.toISOString(),
    }));
  }

  /** The key device, for a caller who may change its bindings (owner or control share). */
  private async writable(userId: string, deviceId: string) {
    const { devices } = this.deps;
    const a = await devices.access(userId, deviceId);
    if (a.access === 'view') throw new AppError('VIEW_ONLY');
    return a.row;
  }

  /** Check a binding against the key device's model and the caller's rights; the row to store. */
  private async validate(userId: string, deviceId: string, profileId: string, body: KeyActionBody) {
    const { automationRepo, devices } = this.deps;
    const profile = getProfile(profileId);
    const keys = profile ? pushKeyCount(profile) : 0;
    if (keys === 0) throw new AppError('VALIDATION', 'This device has no keys to bind actions to');
    if (body.keyIndex > keys)
      throw new AppError('VALIDATION', `keyIndex: this device has ${keys} key${keys === 1 ? '' : 's'}`);
    const common = { deviceId, ownerId: userId, keyIndex: body.keyIndex, pressType: body.pressType };
    if (body.actionType === 'scenario') {
      const scenario = await automationRepo.automation(body.scenarioId);
      if (!scenario || scenario.ownerId !== userId || scenario.type !== 'scenario')
        throw new AppError('NOT_FOUND', 'Scenario not found');
      return {
        ...common,
        actionType: 'scenario' as const,
        title: body.title || scenario.name,
        scenarioId: scenario.id,
        targetDeviceId: null,
        key: null,
        value: null,
      };
    }
    const target = await devices.access(userId, body.targetDeviceId);
    if (target.access === 'view') throw new AppError('VIEW_ONLY');
    const targetProfile = getProfile(target.row.profileId);
    if (!targetProfile) throw new AppError('VALIDATION', 'This device model is not known to the server');
    let value: CommandValue;
    try {
      // The target model's catalogue decides whether the key is writable and the value allowed.
      const [pair] = buildWrite(targetProfile, [{ Key: body.key, Value: body.value }]);
      value = (pair?.Value ?? body.value) as CommandValue;
    } catch (err) {
      if (err instanceof CatalogError) throw new AppError('VALIDATION', err.message);
      throw err;
    }
    return {
      ...common,
      actionType: 'device' as const,
      title: body.title || `${target.row.label}: ${body.key}`,
      scenarioId: null,
      targetDeviceId: target.row.id,
      key: body.key,
      value,
    };
  }

  private async checkRoom(deviceId: string, keyIndex: number, pressType: 'tap' | 'hold', except?: string) {
    const { repo } = this.deps;
    const bound = (await repo.forPress(deviceId, keyIndex, pressType)).filter((r) => r.id !== except);
    if (bound.length >= MAX_ACTIONS_PER_PRESS)
      throw new AppError(
        'VALIDATION',
        `A key press can run at most ${MAX_ACTIONS_PER_PRESS} actions; delete one to add another`,
      );
  }

  private async one(userId: string, deviceId: string, id: string): Promise<KeyActionRow> {
    const { devices, repo } = this.deps;
    await devices.access(userId, deviceId);
    const row = await repo.get(deviceId, id);
    if (!row) throw new AppError('NOT_FOUND', 'Key action not found');
    return row;
  }

  /** Run what is bound to one press, in order; each action with its binder's access of now. */
  private async runPress(deviceId: string, keyIndex: number, pressType: 'tap' | 'hold'): Promise<void> {
    const { automations, devices, log, repo } = this.deps;
    for (const row of await repo.forPress(deviceId, keyIndex, pressType)) {
      try {
        // A binder whose share of the key device ended no longer acts through it.
        await devices.access(row.ownerId, deviceId);
        if (row.actionType === 'scenario' && row.scenarioId)
          await automations.executeNow(row.ownerId, row.scenarioId, 'scenario');
        else if (row.targetDeviceId && row.key !== null)
          await devices.rpc(
            row.ownerId,
            row.targetDeviceId,
            { method: 'write', params: [{ Key: row.key, Value: row.value as CommandValue }] },
            true,
          );
      } catch (err) {
        log.warn({ deviceId, keyAction: row.id, err }, 'key action failed');
      }
    }
  }

  async list(userId: string, deviceId: string): Promise<KeyAction[]> {
    const { devices, repo } = this.deps;
    await devices.access(userId, deviceId);
    return this.toDtos(await repo.list(deviceId));
  }

  async get(userId: string, deviceId: string, id: string): Promise<KeyAction> {
    await this.one(userId, deviceId, id);
    return (await this.list(userId, deviceId)).find((a) => a.id === id) as KeyAction;
  }

  async add(userId: string, deviceId: string, body: KeyActionBody): Promise<KeyAction> {
    const { repo } = this.deps;
    const device = await this.writable(userId, deviceId);
    const row = await this.validate(userId, deviceId, device.profileId, body);
    await this.checkRoom(deviceId, body.keyIndex, body.pressType);
    const saved = await repo.insert(row);
    return (await this.list(userId, deviceId)).find((a) => a.id === saved.id) as KeyAction;
  }

  async edit(userId: string, deviceId: string, id: string, body: KeyActionBody): Promise<KeyAction> {
    const { repo } = this.deps;
    const device = await this.writable(userId, deviceId);
    if (!(await repo.get(deviceId, id))) throw new AppError('NOT_FOUND', 'Key action not found');
    const row = await this.validate(userId, deviceId, device.profileId, body);
    await this.checkRoom(deviceId, body.keyIndex, body.pressType, id);
    await repo.update(id, row);
    return this.get(userId, deviceId, id);
  }

  async remove(userId: string, deviceId: string, id: string): Promise<void> {
    const { repo } = this.deps;
    await this.writable(userId, deviceId);
    if (!(await repo.get(deviceId, id))) throw new AppError('NOT_FOUND', 'Key action not found');
    await repo.remove(id);
  }

  /** `ids` must list every key action of the device once, in the new order. */
  async reorder(userId: string, deviceId: string, ids: string[]): Promise<KeyAction[]> {
    const { repo } = this.deps;
    await this.writable(userId, deviceId);
    const current = new Set((await repo.list(deviceId)).map((r) => r.id));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== current.size || ids.some((id) => !current.has(id)))
      throw new AppError('VALIDATION', 'ids must list each key action of this device exactly once');
    await repo.reorder(deviceId, ids);
    return this.toDtos(await repo.list(deviceId));
  }

  async labels(userId: string, deviceId: string): Promise<KeyLabels> {
    const { devices, repo } = this.deps;
    const { row } = await devices.access(userId, deviceId);
    const profile = getProfile(row.profileId);
    const titles = await repo.labels(deviceId);
    return {
      deviceId,
      labels: (profile ? labelSlots(profile) : []).map((s) => ({
        key: s.key,
        defaultTitle: s.defaultTitle,
        title: titles.get(s.key) ?? null,
      })),
    };
  }

  async setLabels(
    userId: string,
    deviceId: string,
    labels: Array<{ key: string; title: string }>,
  ): Promise<KeyLabels> {
    const { repo } = this.deps;
    const row = await this.writable(userId, deviceId);
    const profile = getProfile(row.profileId);
    const slots = new Set((profile ? labelSlots(profile) : []).map((s) => s.key));
    const unknown = labels.find((l) => !slots.has(l.key));
    if (unknown)
      throw new AppError(
        'VALIDATION',
        slots.size === 0
          ? 'This device has no keys to title'
          : `${unknown.key} is not a key of this device (keys: ${[...slots].join(', ')})`,
      );
    if (new Set(labels.map((l) => l.key)).size !== labels.length)
      throw new AppError('VALIDATION', 'Each key may be titled once per request');
    await repo.setLabels(deviceId, labels);
    return this.labels(userId, deviceId);
  }
}
