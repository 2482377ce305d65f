import type { RouteDoc } from './route-docs.ts';
import type { remoteRoutes } from './routes-remote.ts';

/** IR remotes (routes-remote.ts). */
export const remoteRouteDocs = {
  remoteCategories: { tag: 'IR remotes', summary: 'List the remote categories (TV, air conditioner, ...)' },
  remoteCategoryBrands: {
    tag: 'IR remotes',
    summary: 'List the brands of a remote category, paged',
    description:
      "Each brand says where its codes come from (decision 043). Without category_id, every category's.",
  },
  remotes: {
    tag: 'IR remotes',
    summary: 'List catalogue remotes by category, brand and type, paged',
    description: 'type is `buttons` or `state` (air conditioners send their whole state in one frame).',
  },
  remote: { tag: 'IR remotes', summary: 'Get one catalogue remote with its named buttons and their codes' },
  customerRemotes: {
    tag: 'IR remotes',
    summary: 'List the remotes on one of your IR blasters, paged',
    description: 'Whoever may see the device may list its remotes.',
  },
  addCustomerRemote: {
    tag: 'IR remotes',
    summary: 'Add a catalogue remote to an IR blaster',
    description: 'The owner only. 400 when the device is not an IR blaster.',
  },
  deleteCustomerRemote: {
    tag: 'IR remotes',
    summary: 'Remove a remote from its IR blaster',
    description: 'The owner only.',
  },
  addCustomRemote: {
    tag: 'IR remotes',
    summary: 'Add a custom remote of named buttons (learned or typed codes)',
    description:
      "The owner only. A button is a protocol code or a raw learned frame (carrierHz, timings); each is checked (its protocol, or the frame's length, durations and carrier) and a wrong one is a 400 naming the button.",
  },
  editCustomRemote: {
    tag: 'IR remotes',
    summary: "Rename a remote, or replace a custom remote's buttons",
    description: "The owner only. A catalogue remote's buttons are the catalogue's: only its name changes.",
  },
  sendRemoteButton: {
    tag: 'IR remotes',
    summary: 'Send a button (or an air-conditioner state) through the IR blaster',
    description:
      'The code is rendered to carrier and mark/space timings (µs) and sent to the blaster as the `irSend` RPC. An unknown button, a state for a button remote, or a code its protocol cannot carry is a 400; a viewer gets 403; an offline blaster 409.',
    errors: ['DEVICE_OFFLINE'],
  },
} as const satisfies Record<keyof typeof remoteRoutes, RouteDoc>;
