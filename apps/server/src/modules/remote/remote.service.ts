import { getProfile } from '@hestia/catalog';
import type { Remote, RemotePress, UserRemote } from '@hestia/contract';
import { REMOTE_CREATE_TYPE } from '@hestia/contract';
import {
  type AcFan,
  type AcMode,
  acStateCode,
  acStateProblem,
  CATALOGUE_REMOTES,
  CATEGORY_BRANDS,
  type CatalogueRemote,
  codeProblem,
  encode,
  type IrCode,
  type IrSignal,
  REMOTE_BRANDS,
  REMOTE_CATEGORIES,
  type RemoteButton,
  rawProblem,
} from '@hestia/ir';
import { AppError } from '../../core/errors.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { RemoteRepository, RemoteRow } from './remote.repository.ts';
import { ToggleBits } from './toggle-bits.ts';

/** The RPC an IR blaster takes: the code and its rendering, carrier (Hz) and mark/space timings (µs). */
export const IR_SEND_METHOD = 'irSend';

export interface Page {
  page_index: number;
  page_size: number;
}

export function paged<T>(all: T[], { page_index, page_size }: Page) {
  const totalPages = Math.ceil(all.length / page_size);
  return {
    dataList: all.slice(page_index * page_size, (page_index + 1) * page_size),
    pageInfo: {
      pageIndex: page_index,
      pageSize: page_size,
      totalElements: all.length,
      totalPages,
      hasNext: page_index + 1 < totalPages,
    },
  };
}

const category = (id: number | null) => REMOTE_CATEGORIES.find((c) => c.id === id);
const brand = (id: number | null) => REMOTE_BRANDS.find((b) => b.id === id);
const categoryBrandId = (categoryId: number, brandId: number) =>
  CATEGORY_BRANDS.find((cb) => cb.categoryId === categoryId && cb.brandId === brandId)?.id ?? null;

export function catalogueDto(r: CatalogueRemote): Remote {
  return {
    remoteId: String(r.id),
    model: r.model,
    name: r.name,
    kind: r.kind,
    categoryId: r.categoryId,
    categoryName: category(r.categoryId)?.name ?? null,
    brandId: r.brandId,
    brandName: brand(r.brandId)?.name ?? null,
    createType: REMOTE_CREATE_TYPE.catalogue,
    categoryBrandId: categoryBrandId(r.categoryId, r.brandId),
    data: { buttons: r.buttons },
    creationDateTime: null,
  };
}

/** What one press sends: a button, or an air conditioner's whole state. */
export interface PressBody {
  button?: string | undefined;
  state?: { power: boolean; mode: string; temperature: number; fan: string } | undefined;
}

/** A button of a custom remote: a protocol code, or a raw frame learned from an unknown remote. */
export interface UserButton {
  name: string;
  code?: IrCode | undefined;
  raw?: IrSignal | undefined;
}

/** Why a button cannot be sent, or null. */
function buttonProblem(b: UserButton): string | null {
  if (b.code) return codeProblem(b.code);
  if (b.raw) return rawProblem(b.raw);
  return 'it has neither a code nor a raw frame';
}

/** A code's problem under the button's name, as the 400's message. */
function checkButtons(buttons: UserButton[]): UserButton[] {
  const names = new Set<string>();
  for (const b of buttons) {
    if (names.has(b.name)) throw new AppError('VALIDATION', `Button '${b.name}' is named twice.`);
    names.add(b.name);
    const problem = buttonProblem(b);
    if (problem) throw new AppError('VALIDATION', `Button '${b.name}': ${problem}.`);
  }
  return buttons.map(({ name, code, raw }) =>
    code ? { name, code } : { name, raw: { carrierHz: raw?.carrierHz ?? 0, timings: raw?.timings ?? [] } },
  );
}

export class RemoteService {
  /** RC5 and RC6 flip their toggle bit on each new press, per blaster and address (toggle-bits.ts). */
  private readonly toggles = new ToggleBits();

  constructor(private readonly deps: { repo: RemoteRepository; devices: DeviceService }) {}

  catalogueRemote(id: number): CatalogueRemote {
    const r = CATALOGUE_REMOTES.find((x) => x.id === id);
    if (!r) throw new AppError('NOT_FOUND', 'Remote not found.');
    return r;
  }

  private toDto(row: RemoteRow): UserRemote {
    const from =
      row.catalogueRemoteId === null
        ? undefined
        : CATALOGUE_REMOTES.find((r) => r.id === row.catalogueRemoteId);
    const base: Remote = from
      ? catalogueDto(from)
      : {
          remoteId: row.id,
          model: 'custom',
          name: row.name,
          kind: 'buttons',
          categoryId: row.categoryId,
          categoryName: category(row.categoryId)?.name ?? null,
          brandId: null,
          brandName: null,
          createType: REMOTE_CREATE_TYPE.custom,
          categoryBrandId: null,
          data: { buttons: row.buttons as RemoteButton[] },
          creationDateTime: null,
        };
    return {
      ...base,
      name: row.name,
      creationDateTime: row.createdAt.toISOString(),
      id: row.id,
      deviceId: row.deviceId,
      catalogueRemoteId: row.catalogueRemoteId,
    };
  }

  /** The device, owned by the caller and an IR blaster. */
  private async ownedBlaster(userId: string, deviceId: string) {
    const row = await this.deps.devices.owned(userId, deviceId);
    if (!getProfile(row.profileId)?.features.includes('ir'))
      throw new AppError('VALIDATION', 'This device is not an IR blaster.');
    return row;
  }

  /** A remote on a device the caller may see; `owner` asks for the owner. Others' remotes are not found. */
  private async remoteOf(userId: string, id: string, owner: boolean): Promise<RemoteRow> {
    const row = await this.deps.repo.get(id);
    if (!row) throw new AppError('NOT_FOUND', 'Remote not found.');
    if (owner) await this.deps.devices.owned(userId, row.deviceId);
    else await this.deps.devices.access(userId, row.deviceId);
    return row;
  }

  async list(userId: string, deviceId: string): Promise<UserRemote[]> {
    await this.deps.devices.access(userId, deviceId);
    return (await this.deps.repo.listForDevice(deviceId)).map((r) => this.toDto(r));
  }

  async addFromCatalogue(
    userId: string,
    remoteId: number,
    deviceId: string,
    name?: string,
  ): Promise<UserRemote> {
    const from = this.catalogueRemote(remoteId);
    await this.ownedBlaster(userId, deviceId);
    const row = await this.deps.repo.add({
      deviceId,
      catalogueRemoteId: from.id,
      name: name ?? from.name,
      categoryId: from.categoryId,
      buttons: [],
    });
    return this.toDto(row);
  }

  async addCustom(
    userId: string,
    body: { deviceId: string; name: string; categoryId?: number | undefined; buttons: UserButton[] },
  ): Promise<UserRemote> {
    if (body.categoryId !== undefined && !category(body.categoryId))
      throw new AppError('VALIDATION', `There is no remote category ${body.categoryId}.`);
    const buttons = checkButtons(body.buttons);
    await this.ownedBlaster(userId, body.deviceId);
    const row = await this.deps.repo.add({
      deviceId: body.deviceId,
      catalogueRemoteId: null,
      name: body.name,
      categoryId: body.categoryId ?? null,
      buttons,
    });
    return this.toDto(row);
  }

  async edit(
    userId: string,
    body: { id: string; name?: string | undefined; buttons?: UserButton[] | undefined },
  ) {
    const row = await this.remoteOf(userId, body.id, true);
    if (body.buttons && row.catalogueRemoteId !== null)
      throw new AppError(
        'VALIDATION',
        "A catalogue remote's buttons are the catalogue's; only its name changes.",
      );
    const patch = {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.buttons === undefined ? {} : { buttons: checkButtons(body.buttons) }),
    };
    return this.toDto(Object.keys(patch).length ? await this.deps.repo.update(row.id, patch) : row);
  }

  async remove(userId: string, id: string): Promise<void> {
    const row = await this.remoteOf(userId, id, true);
    await this.deps.repo.remove(row.id, row.deviceId);
  }

  /**
   * What a press of `row` sends: the code of the button (or of the air conditioner's state), or a
   * learned raw frame. Every problem is a 400 naming it; nothing is sent here.
   */
  private resolve(row: RemoteRow, body: PressBody): { code: IrCode } | { raw: IrSignal } {
    const dto = this.toDto(row);
    if (dto.kind === 'state') {
      if (!body.state)
        throw new AppError(
          'VALIDATION',
          'This air-conditioner remote sends a state: give state, not a button.',
        );
      const state = { ...body.state, mode: body.state.mode as AcMode, fan: body.state.fan as AcFan };
      const problem = acStateProblem(state);
      if (problem) throw new AppError('VALIDATION', `state: ${problem}.`);
      const from = this.catalogueRemote(row.catalogueRemoteId as number);
      return { code: acStateCode(from.stateDevice ?? 0, state) };
    }
    if (!body.button) throw new AppError('VALIDATION', 'Name the button to send.');
    const button = dto.data.buttons.find((b) => b.name === body.button);
    if (!button) throw new AppError('VALIDATION', `This remote has no button '${body.button}'.`);
    if (!button.code) {
      const raw = button.raw as IrSignal;
      const problem = rawProblem(raw);
      if (problem) throw new AppError('VALIDATION', `The button's frame cannot be sent: ${problem}.`);
      return { raw };
    }
    const code = button.code as IrCode;
    const problem = codeProblem(code);
    if (problem) throw new AppError('VALIDATION', `The button's code cannot be sent: ${problem}.`);
    return { code };
  }

  /** The remote `press` names, when it is one of the remotes on the blaster `deviceId`. */
  private async remoteOnBlaster(deviceId: string, press: RemotePress): Promise<RemoteRow | undefined> {
    const row = await this.deps.repo.get(press.remoteId);
    return row && row.deviceId === deviceId ? row : undefined;
  }

  /**
   * Check a remote press saved as an automation or scenario action (docs/decisions/049): the remote
   * must be one of THIS blaster's, and the button one of its buttons (or the state a valid state, for
   * an air conditioner's remote). The caller has already asked for control of the blaster.
   */
  async checkPress(deviceId: string, press: RemotePress, where: string): Promise<void> {
    const row = await this.remoteOnBlaster(deviceId, press);
    if (!row)
      throw new AppError(
        'VALIDATION',
        `${where}: remote ${press.remoteId} is not a remote of this IR blaster.`,
      );
    if (this.toDto(row).kind !== 'state' && press.state && !press.button)
      throw new AppError('VALIDATION', `${where}: this remote has buttons; name a button, not a state.`);
    try {
      this.resolve(row, press);
    } catch (err) {
      if (err instanceof AppError) throw new AppError('VALIDATION', `${where}: ${err.message}`);
      throw err;
    }
  }

  /**
   * Press a remote for an automation or scenario run, through the same send as the route (its access
   * at run time, firmware floor, offline and toggle bits). A remote removed since it was saved is a
   * refusal naming it, not a crash.
   */
  async press(userId: string, deviceId: string, press: RemotePress) {
    const row = await this.remoteOnBlaster(deviceId, press);
    if (!row)
      throw new AppError(
        'VALIDATION',
        `Remote ${press.remoteId} was removed from this IR blaster: nothing sent`,
      );
    return this.send(userId, row.id, press);
  }

  /** Render the button (or the state) to timings and send them to the blaster as `irSend`. */
  async send(userId: string, id: string, body: PressBody) {
    const row = await this.remoteOf(userId, id, false);
    const resolved = this.resolve(row, body);
    if ('raw' in resolved) {
      const { raw } = resolved;
      await this.deps.devices.rpc(
        userId,
        row.deviceId,
        {
          method: IR_SEND_METHOD,
          params: { protocol: 'raw', carrierHz: raw.carrierHz, timings: raw.timings },
        },
        true,
      );
      return { code: null, carrierHz: raw.carrierHz, timings: raw.timings };
    }
    let { code } = resolved;
    const toggled = code.protocol === 'RC5' || code.protocol === 'RC6';
    const key = ToggleBits.key(row.deviceId, code);
    if (toggled) code = { ...code, toggle: this.toggles.take(key) };
    const signal = encode(code);
    try {
      await this.deps.devices.rpc(
        userId,
        row.deviceId,
        { method: IR_SEND_METHOD, params: { ...code, carrierHz: signal.carrierHz, timings: signal.timings } },
        true,
      );
    } catch (err) {
      // Refused before the frame left (viewer, offline, firmware floor, the blaster said no): the
      // appliance never heard this bit. A timed-out answer keeps it: the frame may have gone out.
      const unsent = !(err instanceof AppError) || err.code !== 'DEVICE_NO_ANSWER';
      if (toggled && unsent) this.toggles.giveBack(key, code.toggle as 0 | 1);
      throw err;
    }
    return { code, carrierHz: signal.carrierHz, timings: signal.timings };
  }
}
