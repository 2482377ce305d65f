import type { RouteDoc } from './route-docs.ts';
import type { homeRoutes } from './routes-home.ts';

const deviceAnswers = ['VIEW_ONLY', 'DEVICE_OFFLINE', 'DEVICE_NO_ANSWER', 'DEVICE_REJECTED'] as const;
const rpcDescription =
  'The caller must own the device or have it shared for control. `method: "write"` takes a list of `{Key, Value}` pairs, checked against the device model in the catalogue (unknown or read-only keys, values out of range, keys of different register groups are refused with 400) before it is sent; `getState` takes no params; `method: "modbus"` takes the register form `{function, len, address, data, data_mask}` (function codes Read 3, Write 6, OR 7, AND 8, MaskWrite 9), checked against the model\'s register map (an address outside it, a wrong len or string length, a bad mask, a write to a read-only key or a value the key does not take are refused with 400) and waits 500 ms (or 2000 when `timeout` says so); any other method goes to the device unchanged. The device must be connected; `timeout` (ms, default 6000) bounds the wait.';

/** Devices, places and rooms, favourites, sharing and commands (routes-home.ts). */
export const homeRouteDocs = {
  listDevices: {
    tag: 'Devices',
    summary: 'List the devices the user owns or was shared',
    description:
      "Each with its latest telemetry. Filters: a place or room (`assetId`, with its rooms when `childAssetContains=true`), a model (`profileId`), devices transferred by pairing and not yet set up (`isTransfer=true`), or only shared ones (`sharedOnly=true`). Without a token only `isTransfer=true` with `mac` and `pairkey` is answered: the device paired with that key, while its transfer is unfinished and at most 3 minutes old, with its id, model and factory name only (no place, telemetry or label); otherwise an empty list. Wrong keys count against the address (20 in 15 minutes); any other query without a token is 'token must exists'.",
  },
  getDevice: {
    tag: 'Devices',
    summary: 'Get one device with its latest telemetry',
    description: 'For its owner and the users it is shared with; a stranger gets 404.',
  },
  renameDevice: { tag: 'Devices', summary: "Change a device's label", description: 'Owner only.' },
  deleteDevice: {
    tag: 'Devices',
    summary: 'Remove a device from the account',
    description: 'Owner only.',
  },
  favourites: { tag: 'Devices', summary: "List the user's favourite devices" },
  addFavourite: { tag: 'Devices', summary: 'Add a device to the favourites' },
  deleteFavourite: { tag: 'Devices', summary: 'Take a device out of the favourites' },
  assetTree: {
    tag: 'Places and rooms',
    summary: "The user's places with their rooms, as a tree",
  },
  listAssets: {
    tag: 'Places and rooms',
    summary: 'List places and rooms',
    description:
      "All of the user's, the rooms of one place (`assetId`), or those whose name contains `assetName`.",
  },
  getAsset: { tag: 'Places and rooms', summary: 'Get one place or room' },
  addAsset: {
    tag: 'Places and rooms',
    summary: 'Add a place, or a room of a place',
  },
  editAsset: { tag: 'Places and rooms', summary: 'Rename or change a place or room', errors: ['NOT_FOUND'] },
  deleteAsset: {
    tag: 'Places and rooms',
    summary: 'Delete a place or room',
    description:
      'A place goes with its rooms; their devices move to the default place, which cannot itself be deleted.',
  },
  setDefaultAsset: {
    tag: 'Places and rooms',
    summary: 'Make a place the default one',
    description: 'New devices and devices of deleted rooms go to the default place.',
  },
  addDevicesToAsset: {
    tag: 'Places and rooms',
    summary: 'Put devices in a place or room',
    description: 'Owner only, for each device.',
  },
  removeDeviceFromAsset: {
    tag: 'Places and rooms',
    summary: 'Take a device out of its room',
    description: 'The device goes back to the default place.',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
  createShare: {
    tag: 'Sharing',
    summary: 'Share a device: create a one-time share link',
    description:
      'Owner only. Answers the share with its token, shown once, and the app link `/share/{token}` that the other user opens (or scans as a QR code) to accept it. `scope` is `control` or `view`; `expiresAt` ends the access.',
    errors: ['SHARING_NOT_ALLOWED'],
  },
  updateShare: {
    tag: 'Sharing',
    summary: "Change a share's scope or end date",
  },
  deleteShare: {
    tag: 'Sharing',
    summary: 'Revoke a share',
    description: 'Owner only; the other user loses access to the device.',
  },
  listShares: {
    tag: 'Sharing',
    summary: "List the shares of the user's devices",
    description: 'All of them, or those of one device (`deviceId`). The users who accepted are shown masked.',
  },
  finalizeShare: {
    tag: 'Sharing',
    summary: 'Accept a share link',
    description:
      'The signed-in user gets the shared access to the device. The token is a secret: attempts are limited per user and requester, and an unknown, used or expired token answers 404.',
    errors: ['RATE_LIMITED'],
  },
  twowayRpc: {
    tag: 'Control (RPC)',
    summary: "Send a command to a device and wait for the device's answer",
    description: `${rpcDescription} Answers what the device answered (\`{result: "OK"}\` for a write, with \`state\` for getState).`,
    errors: deviceAnswers,
  },
  onewayRpc: {
    tag: 'Control (RPC)',
    summary: 'Send a command to a device without waiting for its answer',
    description: `${rpcDescription} Answers \`{}\` once the broker has the request.`,
    errors: ['VIEW_ONLY', 'DEVICE_OFFLINE'],
  },
} as const satisfies Partial<Record<keyof typeof homeRoutes, RouteDoc>>;
