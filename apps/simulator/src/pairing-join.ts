import mqtt from 'mqtt';
import { type RunningDevice, startDevice } from './device.ts';
import type { WifiCredentials } from './smart-config.ts';
import type { JoinFailure } from './wifi.ts';

/** The device's claim topic (ThingsBoard's device API). */
export const CLAIM_TOPIC = 'v1/devices/me/claim';

/**
 * Why the last pairing attempt failed: the Wi-Fi's reasons, the broker refused the token, or
 * provisioning was refused (or not answered).
 */
export type PairingFailure = JoinFailure | 'broker_refused' | 'provision_refused';

/** ThingsBoard device provisioning credentials of a model (`npm run devices -- provision-keys`). */
export interface ProvisionCredentials {
  provisionDeviceKey: string;
  provisionDeviceSecret: string;
}

/**
 * ThingsBoard's device provisioning, as firmware does it: connect with the user name `provision`,
 * publish the request on `/provision/request`, read the answer on `/provision/response`.
 */
export async function provisionOnce(
  mqttUrl: string,
  request: { deviceName: string } & ProvisionCredentials,
  timeoutMs = 10_000,
): Promise<Record<string, unknown>> {
  const client = await mqtt.connectAsync(mqttUrl, {
    username: 'provision',
    clientId: `provision-${request.deviceName}`,
    reconnectPeriod: 0,
    connectTimeout: timeoutMs,
    writeCache: false,
  });
  client.on('error', () => undefined);
  try {
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no provisioning answer')), timeoutMs);
      client.once('message', (_topic, payload) => {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(payload.toString()) as Record<string, unknown>);
        } catch (err) {
          reject(err);
        }
      });
    });
    await client.subscribeAsync('/provision/response', { qos: 1 });
    await client.publishAsync('/provision/request', JSON.stringify(request), { qos: 1 });
    return await answer;
  } finally {
    await client.endAsync();
  }
}

/**
 * How an attempt on the Wi-Fi ended: online with its claim sent, failed, or `dropped` (the device
 * was reset or switched off meanwhile). `token` is the device's token after it, which a device
 * that provisioned itself keeps whatever came next.
 */
export type ClaimOutcome = { token: string | undefined } & (
  | { result: 'online'; device: RunningDevice; claim: Record<string, unknown> }
  | { result: PairingFailure | 'dropped' }
);

/**
 * On the Wi-Fi: provision when the device has no token yet, connect to the broker with the token,
 * and claim the device with the pair key (`v1/devices/me/claim`). `wanted` says whether the attempt
 * still counts; once it does not, what was started is closed and nothing more is done.
 */
export async function connectAndClaim(a: {
  mqttUrl: string;
  model: string;
  mac: string;
  token: string | undefined;
  provision: ProvisionCredentials | undefined;
  /** The network joined, reported as the device's AP. */
  ap: string | undefined;
  creds: WifiCredentials;
  claimMs: number;
  wanted: () => boolean;
}): Promise<ClaimOutcome> {
  let token = a.token;
  if (token === undefined) {
    const answer = await provisionOnce(a.mqttUrl, {
      deviceName: a.mac,
      ...(a.provision as ProvisionCredentials),
    }).catch(() => undefined);
    if (!a.wanted()) return { token, result: 'dropped' };
    if (answer?.status !== 'SUCCESS' || typeof answer.credentialsValue !== 'string')
      return { token, result: 'provision_refused' };
    // Kept as firmware keeps it in flash: a device is provisioned once.
    token = answer.credentialsValue;
  }
  let device: RunningDevice;
  try {
    device = await startDevice(
      a.mqttUrl,
      { id: a.mac, accessToken: token, profileId: a.model, ...(a.ap ? { ap: a.ap } : {}) },
      'tb',
    );
  } catch {
    return { token, result: a.wanted() ? 'broker_refused' : 'dropped' };
  }
  // Switched off or reset while connecting: this connection is not wanted any more.
  if (!a.wanted()) {
    await device.close();
    return { token, result: 'dropped' };
  }
  const claim = {
    secretKey: a.creds.pairKey,
    durationMs: a.claimMs,
    // Not read by the server yet: the change-owner flow's key goes with the claim (decision 025).
    ...(a.creds.ownerKey ? { ownerKey: a.creds.ownerKey } : {}),
  };
  try {
    await device.client.publishAsync(CLAIM_TOPIC, JSON.stringify(claim), { qos: 1 });
  } catch {
    await device.close().catch(() => undefined);
    return { token, result: a.wanted() ? 'broker_refused' : 'dropped' };
  }
  if (!a.wanted()) {
    await device.close();
    return { token, result: 'dropped' };
  }
  return { token, result: 'online', device, claim };
}
