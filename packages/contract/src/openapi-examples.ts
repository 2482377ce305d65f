import type { RouteName } from './routes.ts';

/**
 * Hand-written examples of the main flows, shown in the API description. openapi-examples.test.ts
 * parses each with its route's zod schemas, so an example that stops being valid fails a test.
 */
export interface RouteExample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The wrapper's `data` (the whole answer on ThingsBoard's paths). */
  response: unknown;
}

const deviceId = '6f1c2a9e-3b4d-4e8f-9a01-5c7d2e3f4a10';
const placeId = '0b8d4c3e-7a2f-4e19-8c55-1f2e3d4c5b6a';

const device = {
  id: deviceId,
  label: 'Living room switch',
  name: 'A4CF12E051C2',
  deviceProfileId: 'switch-two-pole',
  assetId: placeId,
  assetLabel: 'Home',
  isSharedDevice: false,
  access: 'owner',
  isFavourite: true,
  configDisabled: false,
  deviceData: { active: 'true', relay_1: 1, relay_2: 0 },
  deviceRawData: {
    active: [1764115200000, 'true'],
    relay_1: [1764115200000, 1],
    relay_2: [1764115200000, 0],
  },
};

export const routeExamples: Partial<Record<RouteName, RouteExample>> = {
  login: {
    body: { username: 'demo@hestia.local', password: 'HestiaDemo1' },
    response: {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl',
      refreshToken: 'r1.Zk9xV3pLbTJxY0FkRTRzUg',
      expiresIn: 1764116100000,
    },
  },
  listDevices: { query: { assetId: placeId, childAssetContains: 'true' }, response: [device] },
  getDevice: { params: { id: deviceId }, response: device },
  twowayRpc: {
    params: { id: deviceId },
    body: { method: 'write', params: [{ Key: 'relay_1', Value: 0 }], timeout: 6000 },
    response: { result: 'OK' },
  },
  timeseries: {
    params: { entityType: 'DEVICE', entityId: deviceId },
    query: { keys: 'relay_1', startTs: '1764028800000', endTs: '1764115200000', limit: '100' },
    response: {
      relay_1: [
        { ts: 1764111600000, value: '0' },
        { ts: 1764108000000, value: '1' },
      ],
    },
  },
  createShare: {
    params: { id: deviceId },
    body: { scope: 'control', expiresAt: '2026-12-31T23:59:59Z' },
    response: {
      id: '9a4e1d2c-5b6f-4a70-8e91-2c3d4e5f6a7b',
      deviceId,
      deviceLabel: 'Living room switch',
      scope: 'control',
      status: 'pending',
      user: null,
      requestDate: '2026-11-26T10:00:00.000Z',
      activationDate: null,
      expirationDate: '2026-12-31T23:59:59.000Z',
      deleteDate: null,
      token: 'Xk3vQ9pL2mN8rT5wY7zA1bC4',
      link: '/share/Xk3vQ9pL2mN8rT5wY7zA1bC4',
      tokenExpiresAt: '2026-11-27T10:00:00.000Z',
    },
  },
  saveAutomation: {
    body: {
      name: 'Lights off when the door locks',
      conditions: [{ conditionType: 3, deviceId, deviceParameterId: 'relay_2', comparisonType: 0, value: 1 }],
      commands: [{ deviceId, deviceParameterId: 'relay_1', value: 0, delay: 5 }],
    },
    response: {
      id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99',
      name: 'Lights off when the door locks',
      type: 'automation',
      creationTime: '2026-11-26T10:00:00.000Z',
      isActive: true,
      isNotify: false,
      notifyMessage: null,
      actionCount: 1,
      conditionCount: 1,
      commandInorderExecution: false,
      conditionCheckType: 0,
      conditions: [{ conditionType: 3, deviceId, deviceParameterId: 'relay_2', comparisonType: 0, value: 1 }],
      commands: [{ deviceId, deviceParameterId: 'relay_1', value: 0, delay: 5, order: 0 }],
      order: 0,
      warnings: [],
      pausedReason: null,
    },
  },
  getPairKey: {
    params: { mac: 'A4:CF:12:E0:51:C2' },
    query: { assetId: placeId },
    response: {
      pairkey: 'K7QM',
      expiresAt: '2026-11-26T10:03:00.000Z',
      windowSeconds: 180,
      deviceProfileId: 'switch-two-pole',
      ownedByOther: false,
    },
  },
};
