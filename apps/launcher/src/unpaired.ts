import { DeviceRepository, type HestiaServer, newAccessToken } from '@hestia/server';
import {
  type Fleet,
  HOME_WIFI_PASSWORD,
  homeNetwork,
  startUnpaired,
  type UnpairedDevice,
} from '@hestia/simulator';

/**
 * The two unpaired simulated devices `npm start` runs beside the demo home, so a newcomer can try
 * "Add device" (issue 18, docs/decisions/025 and 026). Each has a factory record with a fixed AP MAC,
 * made on the first start and reused after (its token is read from the record, not provisioned
 * again). A device someone has already added runs as their device in the fleet, as a paired device
 * does after a restart; the others open their pairing AP. Deleting it in the app deletes its record:
 * the next start makes it again, unpaired.
 */
export const UNPAIRED_DEVICES = [
  { mac: 'A4:CF:12:18:00:01', model: 'plug-metering' },
  { mac: 'A4:CF:12:18:00:02', model: 'switch-two-pole' },
] as const;

export interface StartedUnpaired {
  devices: UnpairedDevice[];
  /** What start-up prints about them. */
  lines: string[];
  close(): Promise<void>;
}

export async function startUnpairedDevices(server: HestiaServer, fleet: Fleet): Promise<StartedUnpaired> {
  const repo = new DeviceRepository(server.database.db);
  const devices: UnpairedDevice[] = [];
  const lines: string[] = [];
  const ssid = homeNetwork()[0]?.ssid ?? 'Home-WiFi-2.4G';
  for (const { mac, model } of UNPAIRED_DEVICES) {
    const record =
      (await repo.byMac(mac)) ??
      (await repo.create({
        ownerId: null,
        name: mac,
        label: mac,
        mac,
        profileId: model,
        accessToken: newAccessToken(),
      }));
    if (record.ownerId !== null) {
      await fleet.add({ id: record.id, accessToken: record.accessToken, profileId: record.profileId });
      lines.push(`  ${mac}  ${record.profileId.padEnd(16)} added already: runs as its owner's device`);
      continue;
    }
    const device = await startUnpaired({
      model: record.profileId,
      mqttUrl: server.mqttUrl,
      token: record.accessToken,
      mac,
    });
    devices.push(device);
    lines.push(`  ${device.ssid}  ${record.profileId.padEnd(16)} AP ${device.apUrl}`);
  }
  return {
    devices,
    lines: [
      `Devices to add (Add device; device address: the AP URL; home Wi-Fi ${ssid}, password ${HOME_WIFI_PASSWORD}):`,
      ...lines,
    ],
    close: async () => {
      await Promise.all(devices.map((d) => d.close().catch(() => undefined)));
    },
  };
}
