import type { RouteDoc } from './route-docs.ts';
import type { automationRoutes } from './routes-automation.ts';
import type { onboardingRoutes } from './routes-onboarding.ts';
import type { provisioningRoutes } from './routes-provisioning.ts';

const saveAutomation =
  "Without `id`, adds one; with it, replaces that one. Conditions (by `conditionType`: TapToRun 0, Schedule 1, Timer 2, DeviceParam 3, Notify 4, Location 5, Weather 6) are checked all or any (`conditionCheckType` 0 or 1); a Notify condition names its device (`deviceId`) and may name one of its events in `metadata.event` (error, door_open, motion, program_done; none: any), and holds when the device raises it; commands write `value` to a device key after `delay` seconds, in order when `commandInorderExecution`. A command may also press an IR remote: the IR blaster's `send` key with `value` null and `params: {remoteId, button}` (or `{remoteId, state: {power, mode, temperature, fan}}` for an air conditioner's state remote), `remoteId` being one of that blaster's remotes (`customer/remotes`); it is checked on save (another blaster's remote, an unknown button or the wrong kind of press is a 400 naming the action) and sent when it runs as `customer/remotes/{remoteId}/send` sends it; the run's action carries the same `params`. Every device it reads must be visible to the user and every device it writes to controllable; conflicts with the user's other automations come back as `warnings`.";
const scheduleBody =
  "Without `scheduleId`, adds one; with it, edits it. Repeat types: Once 0, Daily 1, Weekly 2 (`dayOfWeeks`, 0 Saturday to 6 Friday), Monthly 3, Yearly 4, Timer 5 (every `timerInterval` minutes); `time` is HH:mm in the user's time zone.";

/** Timers, schedules, automations, scenarios and data exchange; adding and claiming devices. */
export const automationRouteDocs = {
  listTimers: { tag: 'Schedules', summary: "List the user's timers, or one device's (`deviceId`)" },
  getTimer: { tag: 'Schedules', summary: 'Get one timer' },
  deleteTimer: { tag: 'Schedules', summary: 'Cancel a timer' },
  saveTimer: {
    tag: 'Schedules',
    summary: 'Add or change a timer: writes to a device once, some minutes from now',
    description:
      'Without `timerId`, adds one; with it, replaces it. At most 10 hours ahead and 20 actions. Owner or control share.',
    errors: ['VIEW_ONLY'],
  },
  listSchedules: { tag: 'Schedules', summary: "List the user's schedules, or one device's (`deviceId`)" },
  getSchedule: { tag: 'Schedules', summary: 'Get one schedule' },
  deleteSchedule: { tag: 'Schedules', summary: 'Delete a schedule' },
  saveSchedule: {
    tag: 'Schedules',
    summary: 'Add or change a repeating schedule of writes to a device',
    description: `${scheduleBody} Owner or control share.`,
    errors: ['VIEW_ONLY'],
  },
  activateSchedule: { tag: 'Schedules', summary: 'Switch a schedule on' },
  deactivateSchedule: { tag: 'Schedules', summary: 'Switch a schedule off' },
  listAutomations: {
    tag: 'Automations',
    summary: "List the user's automations",
    description:
      'All of them, those reading or writing one device (`device_id`), or those with one condition type (`condition_type`).',
  },
  saveAutomation: {
    tag: 'Automations',
    summary: 'Add or change an automation',
    description: saveAutomation,
    errors: ['NOT_FOUND', 'VIEW_ONLY'],
  },
  getAutomation: { tag: 'Automations', summary: 'Get one automation' },
  deleteAutomation: { tag: 'Automations', summary: 'Delete an automation' },
  executeAutomation: {
    tag: 'Automations',
    summary: "Run an automation's commands now",
    description: 'Answers the run; its actions carry their results as they finish (see `runs`).',
  },
  activateAutomation: { tag: 'Automations', summary: 'Switch an automation on or off' },
  notifyAutomation: {
    tag: 'Automations',
    summary: 'Choose whether an automation notifies the user when it runs, and with what message',
    description:
      "With `isNotify` on, each run of the automation (by any trigger: a tap, a schedule, a device value, or a device event its Notify condition waits for) adds a notification to the owner's inbox, with `notifyMessage` or else its name, and pushes it.",
  },
  automationRuns: {
    tag: 'Automations',
    summary: "An automation's recent runs",
    description:
      "Each with its trigger, the verdict of each condition with the value it saw, and each action's result.",
  },
  listScenarios: { tag: 'Automations', summary: "List the user's scenarios in their order" },
  saveScenario: {
    tag: 'Automations',
    summary: 'Add a scenario (commands run by a tap or a schedule)',
    description: saveAutomation,
    errors: ['NOT_FOUND', 'VIEW_ONLY'],
  },
  getScenario: { tag: 'Automations', summary: 'Get one scenario' },
  editScenario: {
    tag: 'Automations',
    summary: 'Change a scenario',
    errors: ['VIEW_ONLY'],
  },
  deleteScenario: { tag: 'Automations', summary: 'Delete a scenario' },
  executeScenario: { tag: 'Automations', summary: "Run a scenario's commands now" },
  reorderScenarios: {
    tag: 'Automations',
    summary: "Put the user's scenarios in a new order",
    description: '`ids` lists the scenarios in their new order.',
  },
  scenarioHistories: { tag: 'Automations', summary: "A scenario's recent runs" },
  scenarioHistoryDetails: { tag: 'Automations', summary: "One run of a scenario, with each action's result" },
  addScenarioSchedule: {
    tag: 'Schedules',
    summary: 'Run a scenario on a schedule',
    description: scheduleBody,
  },
  listScenarioSchedules: { tag: 'Schedules', summary: "List a scenario's schedules" },
  deleteScenarioSchedules: { tag: 'Schedules', summary: 'Delete every schedule of a scenario' },
  getScenarioSchedule: { tag: 'Schedules', summary: 'Get one schedule of a scenario' },
  deleteScenarioSchedule: { tag: 'Schedules', summary: 'Delete one schedule of a scenario' },
  dataExchangeParams: {
    tag: 'Data exchange',
    summary: 'The keys a device can give (sources) and take (targets) in a data exchange',
  },
  listDataExchanges: { tag: 'Data exchange', summary: "List a device's data exchanges" },
  addDataExchange: {
    tag: 'Data exchange',
    summary: "Copy a device's reported value to another device's key whenever it changes",
    description: 'The user must see the source device and control the target device.',
    errors: ['VIEW_ONLY'],
  },
  getDataExchange: { tag: 'Data exchange', summary: 'Get one data exchange' },
  deleteDataExchange: { tag: 'Data exchange', summary: 'Delete a data exchange' },
  getPairKey: {
    tag: 'Adding devices',
    summary: 'Get a pair key for a device about to join, by its AP MAC',
    description:
      'The app gives the key to the device with the Wi-Fi details; the device presents it when it connects and joins the chosen place (`assetId`, else the default place). Live for 3 minutes. `ownedByOther` says another user owns the device: take it over with `change-owner` first. Limited per user (docs/decisions/025 and 026).',
    errors: ['CONFIG_DISABLED', 'CONFLICT', 'RATE_LIMITED'],
  },
  changeOwner: {
    tag: 'Adding devices',
    summary: 'Take over a device another user owns, with a live pair key',
    description:
      'Answers the device id and the owner key the app sends to the device with the pair key. Attempts are limited per user.',
    errors: ['PAIR_KEY_NOT_LIVE', 'NOT_OWNED_BY_OTHER', 'RATE_LIMITED'],
  },
  postConfig: {
    tag: 'Adding devices',
    summary: 'Finish setting up a device that just joined: its label and place or room',
  },
  setReconfiguration: {
    tag: 'Adding devices',
    summary: 'Refuse or allow adding an owned device again (reconfiguration)',
    description:
      'Owner only. While refused, pair keys, change of owner and claims of the device answer 403 CONFIG_DISABLED.',
  },
  deviceBrands: { tag: 'Adding devices', summary: "The catalogue's brands with their models" },
  deviceBrandModels: { tag: 'Adding devices', summary: 'The models of one brand' },
  claimDevice: {
    tag: 'Provisioning',
    summary: 'Claim a device by its name and the secret key it announced',
    description:
      'ThingsBoard device claiming: the device published a claim with a secret and a lifetime; the first user to give both owns it. Answers SUCCESS with the device, or CLAIMED when the caller already had it. Attempts are limited per user and per device.',
    errors: ['CONFLICT', 'RATE_LIMITED'],
  },
} as const satisfies Partial<
  Record<
    keyof typeof automationRoutes | keyof typeof onboardingRoutes | keyof typeof provisioningRoutes,
    RouteDoc
  >
>;
