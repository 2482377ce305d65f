import { TAB_NAVIGATOR } from '../routes.ts';

export type AutomationKind = 'automation' | 'scenario';

const q = (params: Record<string, string | number | undefined>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined) as [string, string | number][];
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
};

/**
 * Issue 8: the automation tab's stacked screens (spec section 2: add-or-edit-automation,
 * command-screen, condition-screen [id, deviceProfileId], select-device-in-automation, another-devices,
 * add-actions-for-scenario, select-automation-scenario) and the run history.
 */
export const automationPaths = {
  tab: `${TAB_NAVIGATOR}/automation`,
  selectAutomationScenario: () => `${TAB_NAVIGATOR}/select-automation-scenario`,
  addOrEdit: (kind: AutomationKind, id?: string) =>
    `${TAB_NAVIGATOR}/add-or-edit-automation${q({ kind, id })}`,
  /** Pick a condition type; with a device, set a DeviceParam condition on it. `index` edits one. */
  condition: (
    p: {
      id?: string;
      deviceProfileId?: string;
      index?: number;
      /** A condition without a device, or `event`: a device's event (Notify) with the device. */
      type?: 'schedule' | 'timer' | 'weather' | 'location' | 'event';
    } = {},
  ) =>
    `${TAB_NAVIGATOR}/condition-screen${p.id ? `/${p.id}` : ''}${q({ deviceProfileId: p.deviceProfileId, index: p.index, type: p.type })}`,
  /**
   * A device to use as a condition (devices that cannot be conditions are not listed); `for: 'event'`
   * lists the devices whose model raises an event, for a device-event (Notify) condition.
   */
  selectDevice: (p: { for?: 'event' } = {}) =>
    `${TAB_NAVIGATOR}/select-device-in-automation${q({ for: p.for })}`,
  /** A device to act on, for an automation (another-devices) or a scenario (add-actions-for-scenario). */
  actionDevice: (kind: AutomationKind) =>
    `${TAB_NAVIGATOR}/${kind === 'scenario' ? 'add-actions-for-scenario' : 'another-devices'}`,
  command: (p: { id: string; deviceProfileId: string; index?: number }) =>
    `${TAB_NAVIGATOR}/command-screen/${p.id}${q({ deviceProfileId: p.deviceProfileId, index: p.index })}`,
  runs: (kind: AutomationKind, id: string) => `${TAB_NAVIGATOR}/automation-runs/${id}${q({ kind })}`,
} as const;
