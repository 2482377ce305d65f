import type { RouteDoc } from './route-docs.ts';
import type { firmwareRoutes } from './routes-firmware.ts';

/** Firmware over the air (routes-firmware.ts). */
export const firmwareRouteDocs = {
  updateFirmware: {
    tag: 'Firmware',
    summary: "Update a device's firmware to the newest package of its model",
    description:
      "Owner only (a shared user gets 403, a stranger 404); the device must be connected. Sets the device's shared attributes `fw_title`, `fw_version`, `fw_size`, `fw_checksum` and `fw_checksum_algorithm` (SHA256), as ThingsBoard does: the device then fetches the package in chunks over MQTT (`v2/fw/request/{requestId}/chunk/{n}` → `v2/fw/response/{requestId}/chunk/{n}`) and reports `fw_state`. Answers the firmware status.",
    errors: ['FIRMWARE_SHARED', 'FIRMWARE_OFFLINE', 'FIRMWARE_UP_TO_DATE'],
  },
  firmwareStatus: {
    tag: 'Firmware',
    summary: "A device's firmware: current and available version, the update's state and progress",
    description:
      "For the owner and shared users. `state`, `progress` (percent while DOWNLOADING) and `error` are the device's last reports (`fw_state`, `fw_progress`, `fw_error`).",
  },
} as const satisfies Record<keyof typeof firmwareRoutes, RouteDoc>;
