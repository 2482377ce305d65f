/**
 * Access at run time (docs/decisions/018): before an automation, scenario, schedule, timer or data
 * exchange runs, its owner's access to every device it uses is asked again, through the same
 * `deviceService.access` the REST routes use. A device it reads (a condition, an exchange's source)
 * needs any live access, view included: a view-only share may observe. A device it writes to (a
 * command, a schedule's device, an exchange's target) needs control.
 */
import type { PausedReason } from '@hestia/contract';
import { AppError } from '../../core/errors.ts';
import type { DeviceService } from '../device/device.service.ts';

export type AccessProblem = NonNullable<PausedReason>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The problems, one per device, in the order the devices are named; empty when everything may run. */
export async function accessProblems(
  devices: Pick<DeviceService, 'access'>,
  userId: string,
  uses: { reads: Array<string | null | undefined>; writes: Array<string | null | undefined> },
): Promise<AccessProblem[]> {
  const need = new Map<string, 'read' | 'control'>();
  for (const id of uses.reads) if (id && !need.has(id)) need.set(id, 'read');
  for (const id of uses.writes) if (id) need.set(id, 'control');
  const problems: AccessProblem[] = [];
  for (const [deviceId, level] of need) {
    if (!UUID.test(deviceId)) {
      problems.push({ code: 'no_access', deviceId });
      continue;
    }
    try {
      const { access } = await devices.access(userId, deviceId);
      if (level === 'control' && access === 'view') problems.push({ code: 'view_only', deviceId });
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') problems.push({ code: 'no_access', deviceId });
      else throw err;
    }
  }
  return problems;
}

/** The problem in words, for run traces (the web app shows its own words from the code). */
export function problemText(p: AccessProblem): string {
  return p.code === 'no_access'
    ? `No access to device ${p.deviceId}: it was removed or is no longer shared with you`
    : `Device ${p.deviceId} is shared with you for viewing only: not written`;
}

/** The same refusal the REST routes give for a device the caller may not use this way. */
export function problemError(p: AccessProblem): AppError {
  return p.code === 'no_access' ? new AppError('NOT_FOUND', 'Device not found') : new AppError('VIEW_ONLY');
}
