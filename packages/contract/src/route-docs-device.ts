import type { RouteDoc } from './route-docs.ts';
import type { dataRoutes } from './routes-data.ts';
import type { deviceRoutes } from './routes-device.ts';

const history =
  "With `startTs` and `endTs` (epoch ms, at most 366 days apart) and `keys`, the history of those keys, newest first unless `orderBy=ASC`, at most `limit` points per key; `agg` (AVG, MIN, MAX, SUM, COUNT) with `interval` (ms) gives one value per interval. Without either, the latest values. Values are strings, as ThingsBoard answers. For the device's owner and the users it is shared with.";
const attributeScopes =
  '`CLIENT_SCOPE` (reported by the device), `SHARED_SCOPE` (set by users, sent to the device) or `SERVER_SCOPE` (kept by the server).';
const settingWrite =
  "Owner or control share. Writes the setting's keys to the device, checked against the device model, and answers the setting as the device then reports it.";

/** Device settings, key actions, valid actions, profiles (routes-device.ts); telemetry and reports (routes-data.ts). */
export const deviceRouteDocs = {
  getDeviceSetting: {
    tag: 'Device settings',
    summary: "Read one of a device's settings",
    description: 'Types: wifi-led-control, pairing-devices, config-status, wifi-status.',
  },
  patchDeviceSetting: {
    tag: 'Device settings',
    summary: "Change one of a device's settings",
    description: settingWrite,
    errors: ['VIEW_ONLY', 'DEVICE_OFFLINE', 'DEVICE_NO_ANSWER', 'DEVICE_REJECTED'],
  },
  updateDeviceSetting: {
    tag: 'Device settings',
    summary: "Change one of a device's settings (the spec's `/update` path)",
    description: `${settingWrite} Same as PATCH \`devices/{id}/settings/{type}\`.`,
    errors: ['VIEW_ONLY', 'DEVICE_OFFLINE', 'DEVICE_NO_ANSWER', 'DEVICE_REJECTED'],
  },
  listKeyActions: {
    tag: 'Device settings',
    summary: "List a device's key actions in their order",
    description: 'A key action is a named write (a key and its value) shown as a button for the device.',
  },
  addKeyAction: { tag: 'Device settings', summary: 'Add a key action to a device', errors: ['VIEW_ONLY'] },
  reorderKeyActions: {
    tag: 'Device settings',
    summary: "Put a device's key actions in a new order",
    errors: ['VIEW_ONLY'],
  },
  getKeyAction: { tag: 'Device settings', summary: 'Get one key action' },
  editKeyAction: { tag: 'Device settings', summary: 'Change a key action', errors: ['VIEW_ONLY'] },
  deleteKeyAction: { tag: 'Device settings', summary: 'Delete a key action', errors: ['VIEW_ONLY'] },
  getKeyLabels: {
    tag: 'Device settings',
    summary: "The user's labels for a device's keys (e.g. the poles of a switch)",
  },
  setKeyLabels: { tag: 'Device settings', summary: "Name a device's keys", errors: ['VIEW_ONLY'] },
  validActions: {
    tag: 'Device settings',
    summary: 'The actions of every device the user may control',
    description: 'Owner or control share: what conditions, schedules and scenarios may write to each device.',
  },
  deviceValidActions: { tag: 'Device settings', summary: 'The actions one device allows' },
  allProfileValidActions: {
    tag: 'Device settings',
    summary: 'The actions of every device model in the catalogue',
  },
  profileValidActions: { tag: 'Device settings', summary: 'The actions one device model allows' },
  listDeviceProfiles: {
    tag: 'Devices',
    summary: 'List the device models (profiles) of the catalogue',
    description: 'All models, or those of the devices in one place (`assetId`).',
  },
  getDeviceProfile: { tag: 'Devices', summary: 'Get one device model with its keys' },
  profileValidParams: {
    tag: 'Devices',
    summary: 'The keys a device model reports, for conditions and data exchanges',
  },
  deviceCategories: { tag: 'Devices', summary: 'List the device categories of the catalogue' },
  timeseries: {
    tag: 'Telemetry and history',
    summary: "A device's telemetry history, or its latest values",
    description: history,
  },
  timeSeries: {
    tag: 'Telemetry and history',
    summary: "A device's telemetry history (the spec's spelling `timeSeries`)",
    description: `Same as \`values/timeseries\`. ${history}`,
  },
  latestTimeseries: {
    tag: 'Telemetry and history',
    summary: "A device's latest telemetry values",
    description: 'All keys, or those named in `keys` (comma-separated).',
  },
  timeseriesKeys: { tag: 'Telemetry and history', summary: "The keys of a device's telemetry" },
  saveTelemetry: {
    tag: 'Telemetry and history',
    summary: 'Write telemetry for a device, as the device would send it',
    description:
      "Owner or control share. `{key: value}`, `{ts, values}` or a list of them, through the same validation as a device's own messages. The scope is always `ANY`.",
    errors: ['VIEW_ONLY'],
  },
  attributes: {
    tag: 'Telemetry and history',
    summary: "A device's attributes of every scope",
    description: `All keys, or those named in \`keys\`. Scopes: ${attributeScopes}`,
  },
  attributesByScope: {
    tag: 'Telemetry and history',
    summary: "A device's attributes of one scope",
    description: `Scopes: ${attributeScopes}`,
  },
  attributeKeys: { tag: 'Telemetry and history', summary: "The keys of a device's attributes" },
  attributeKeysByScope: {
    tag: 'Telemetry and history',
    summary: "The keys of a device's attributes of one scope",
  },
  saveAttributes: {
    tag: 'Telemetry and history',
    summary: 'Set shared or server attributes of a device',
    description:
      "Owner or control share. Shared attributes reach the device; the client scope is the device's own and is refused.",
    errors: ['VIEW_ONLY'],
  },
  saveAttributesV1: {
    tag: 'Telemetry and history',
    summary: "Set shared or server attributes (ThingsBoard's older path)",
    description: 'Same as `attributes/{scope}`.',
    errors: ['VIEW_ONLY'],
  },
  deleteAttributes: {
    tag: 'Telemetry and history',
    summary: 'Delete attributes of a device',
    description: 'Owner or control share; the keys to delete are named in `keys`.',
    errors: ['VIEW_ONLY'],
  },
  energy: {
    tag: 'Telemetry and history',
    summary: "A device's energy use per hour or day, with its cost",
    description:
      "kWh per bucket between `startTs` and `endTs`; the cost uses the tariff of the user's profile, null without one.",
  },
  generateReport: {
    tag: 'Reports',
    summary: 'Make a report of a device for a period',
    description: 'Energy, usage and events between `startTs` and `endTs`; kept and listed afterwards.',
  },
  listReports: { tag: 'Reports', summary: "List a device's reports" },
  getReport: { tag: 'Reports', summary: 'Get one report' },
  reportCsv: {
    tag: 'Reports',
    summary: 'Download a report as CSV',
    description:
      'UTF-8 with a byte order mark, named by its period in Content-Disposition; not in the wrapper (errors are).',
  },
} as const satisfies Partial<Record<keyof typeof deviceRoutes | keyof typeof dataRoutes, RouteDoc>>;
