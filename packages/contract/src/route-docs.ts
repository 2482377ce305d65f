import type { ErrorCode } from './errors.ts';
import { accountRouteDocs } from './route-docs-account.ts';
import { automationRouteDocs } from './route-docs-automation.ts';
import { deviceRouteDocs } from './route-docs-device.ts';
import { fileRouteDocs } from './route-docs-files.ts';
import { firmwareRouteDocs } from './route-docs-firmware.ts';
import { homeRouteDocs } from './route-docs-home.ts';
import { notificationRouteDocs } from './route-docs-notifications.ts';
import { remoteRouteDocs } from './route-docs-remote.ts';
import { systemRouteDocs } from './route-docs-system.ts';
import { voiceFileRouteDocs } from './route-docs-voice.ts';
import type { RouteName } from './routes.ts';

/** The areas of the API description, in the order a newcomer meets them (openapi.ts). */
export const API_TAGS = {
  Account: 'Signing in and up, passwords, the profile, notifications and the server clock.',
  Sessions: "The user's signed-in apps: list them, end one, say one is still in use.",
  'Places and rooms': 'Places (homes) and their rooms, and which devices are in them.',
  Devices: "The devices a user owns or was shared, their models' profiles and categories.",
  Sharing: 'Sharing a device with another user for control or viewing, by a one-time link.',
  'Control (RPC)': 'Commands to a device: writes of its keys, a state read, or another method it knows.',
  'Device settings': "A device's settings, key actions and labels, and the actions a device or model allows.",
  'Telemetry and history': 'What devices reported: latest values, history, attributes and energy.',
  Reports: 'Energy and usage reports of a device for a period, as JSON or CSV.',
  Automations: 'Automations (run by conditions) and scenarios (run by a tap or a schedule), and their runs.',
  Schedules: 'Timers and repeating schedules that write to a device at set times.',
  'Data exchange': "Links that copy one device's reported value to another device.",
  Provisioning: 'Claiming a device that announced itself with a secret (ThingsBoard device claiming).',
  'Adding devices':
    "Adding a device: its pair key, taking it over from another owner, its first set-up, and the catalogue's brands.",
  Firmware: "Updating a device's firmware over the air: the packages per model, the update, its progress.",
  Notifications: 'The notification inbox, which events notify per device, and Web Push subscriptions.',
  Files: 'Files a user uploads (images, PDF attachments) and the app package for the update modal.',
  'IR remotes': "The IR remote catalogue, the remotes on a user's IR blasters, and sending their buttons.",
  'Voice assistant':
    "The voice service at its own base path (/voice): recordings, the user's voice commands, recognition.",
  System: "The server's own state: the app's connectivity ping, the operator's health check, the app's logs.",
  ThingsBoard:
    "The same calls on ThingsBoard's own paths, for ThingsBoard clients: data unwrapped, errors in ThingsBoard's shape.",
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** What the API description says about one route of `routes` (routes.ts). */
export interface RouteDoc {
  tag: ApiTag;
  /** One line, imperative, under 80 characters. */
  summary: string;
  /** What a caller must know beyond the schemas: who may call it, what it changes, its limits. */
  description?: string;
  /**
   * Error codes the route's handler gives besides those every route of its kind gives (openapi-errors.ts:
   * VALIDATION with input, TOKEN_MISSING/TOKEN_INVALID when signed in, FORBIDDEN/NOT_FOUND with an id).
   */
  errors?: readonly ErrorCode[];
  /** Reads the `x-client-id` header (the app's hashed client id, http.ts CLIENT_ID_HEADER). */
  clientId?: boolean;
  /** Honours `x-refresh-in-cookie: 1`: the refresh token comes back as an HttpOnly cookie (decision 022). */
  refreshCookie?: boolean;
}

/**
 * Every route's documentation, kept beside the contract but apart from the route table; route-docs.test.ts
 * fails when a route has none or an entry names no route.
 */
export const routeDocs: Partial<Record<RouteName, RouteDoc>> = {
  ...accountRouteDocs,
  ...homeRouteDocs,
  ...deviceRouteDocs,
  ...automationRouteDocs,
  ...firmwareRouteDocs,
  ...notificationRouteDocs,
  ...systemRouteDocs,
  ...fileRouteDocs,
  ...remoteRouteDocs,
  ...voiceFileRouteDocs,
};
