import { parseArgs } from 'node:util';
import { startUnpaired } from './pairing.ts';
import { SMART_CONFIG_PORT } from './smart-config.ts';
import { HOME_WIFI_PASSWORD } from './wifi.ts';

/**
 * `npm run unpaired -w @hestia/simulator -- --model <id> --mac <AP MAC> --token <token>`: one unpaired
 * simulated device with its pairing AP open (docs/decisions/025), until Ctrl-C. The factory record
 * comes first: `npm run devices -- add --model <id> --mac <AP MAC>` prints the token.
 */

const usage = `Usage: npm run unpaired -w @hestia/simulator -- --model <model id> --mac <AP MAC> --token <token>
         [--mqtt <url>] [--smart-port <port>] [--no-smart]
   or: ... --model <model id> --mac <AP MAC> --provision-key <key> --provision-secret <secret>
         (no factory token: the device provisions itself on its first join)

  --mqtt        the broker (default mqtt://127.0.0.1:$MQTT_PORT, MQTT_PORT default 1883)
  --smart-port  UDP port for smart-config broadcasts (default ${SMART_CONFIG_PORT}); --no-smart: AP mode only

Make the factory record first: npm run devices -- add --model <model id> --mac <AP MAC>
(or take the model's provisioning key: npm run devices -- provision-keys --model <model id>)`;

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        model: { type: 'string' },
        mac: { type: 'string' },
        token: { type: 'string' },
        'provision-key': { type: 'string' },
        'provision-secret': { type: 'string' },
        mqtt: { type: 'string' },
        'smart-port': { type: 'string' },
        'no-smart': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage}`);
    return 2;
  }
  const { model, mac, token } = values;
  const key = values['provision-key'];
  const secret = values['provision-secret'];
  const provision =
    typeof key === 'string' && typeof secret === 'string'
      ? { provisionDeviceKey: key, provisionDeviceSecret: secret }
      : undefined;
  if (
    values.help ||
    typeof model !== 'string' ||
    typeof mac !== 'string' ||
    (typeof token !== 'string' && provision === undefined)
  ) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const smartPort = values['no-smart'] ? undefined : Number(values['smart-port'] ?? SMART_CONFIG_PORT);
  if (smartPort !== undefined && !(Number.isInteger(smartPort) && smartPort > 0 && smartPort < 65536)) {
    console.error(`--smart-port must be a port number.\n\n${usage}`);
    return 2;
  }
  const mqttUrl =
    typeof values.mqtt === 'string' ? values.mqtt : `mqtt://127.0.0.1:${process.env.MQTT_PORT || 1883}`;
  const device = await startUnpaired({
    model,
    mac,
    ...(typeof token === 'string' ? { token } : { provision }),
    mqttUrl,
    ...(smartPort === undefined ? {} : { smartConfigPort: smartPort }),
  }).catch((err: Error) => {
    // Smart mode binds loopback's broadcast address, which Linux has and some systems lack.
    const hint = smartPort === undefined ? '' : ' (if smart config cannot listen here, add --no-smart)';
    throw new Error(`${err.message}${hint}`);
  });
  console.log(`${device.ssid} (${device.mac}, ${model}) pairing AP at ${device.apUrl}`);
  console.log(
    `Home Wi-Fi password: ${HOME_WIFI_PASSWORD}${smartPort === undefined ? '' : `; smart config on UDP ${smartPort}`}`,
  );
  device.onState((state) => {
    const why = state === 'ap' && device.lastFailure ? ` (last attempt: ${device.lastFailure})` : '';
    console.log(`${device.mac}: ${state}${state === 'ap' ? ` at ${device.apUrl}` : ''}${why}`);
  });
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await device.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  },
);
