#!/usr/bin/env node
// `npm run devices -- <command>`: the operator's device records, through the running server's
// operator routes (docs/decisions/020). Works in embedded mode, where only the server may open the
// database, and in scaled mode alike.
import { call, Failure, readInput, runCli, table } from './operator-client.mjs';

const usage = `Usage: npm run devices -- <command>

  add --model <model id> --mac <AP MAC> [--owner <email>] [--token <token>] [--json]
        Add one device; prints its id, MAC and access token.
  import <file.csv> [--json]
        Add a factory batch: a header row naming mac, model and optionally token, then one device
        a row. All or nothing: a bad row refuses the whole file, naming its line.
  list [--json]
        Every device record: id, MAC, model, owner, token.
  provision-keys --model <model id> [--json]
        The model's ThingsBoard provisioning key and secret (made once, the same afterwards).

The server is reached at HESTIA_URL (default http://127.0.0.1:$PORT, PORT default 8080) with the
operator key from OPERATOR_KEY, or from DATA_DIR/operator.key (DATA_DIR default ./data), which the
server writes in embedded mode.`;

runCli({
  usage,
  allowPositionals: true,
  options: {
    model: { type: 'string' },
    mac: { type: 'string' },
    owner: { type: 'string' },
    token: { type: 'string' },
  },
  commands: {
    async add({ values, need, print }) {
      const body = { model: need('model'), mac: need('mac') };
      if (values.owner !== undefined) body.owner = values.owner;
      if (values.token !== undefined) body.token = values.token;
      const d = await call('POST', '/devices', body);
      print(d, `Added ${d.mac}: id ${d.id}, token ${d.token}`);
    },
    async import({ positionals, print }) {
      const file = positionals[0];
      if (!file) throw new Failure(`import needs a CSV file.\n\n${usage}`);
      const r = await call('POST', '/devices/import', { csv: readInput(file, 'utf8') });
      print(r.devices, `Imported ${r.imported} device${r.imported === 1 ? '' : 's'} from ${file}.`);
    },
    async list({ print }) {
      const list = await call('GET', '/devices');
      print(
        list,
        list.length === 0
          ? 'No devices.'
          : table(
              ['id', 'mac', 'model', 'owner', 'token'],
              list.map((d) => [
                d.id,
                d.mac ?? '-',
                d.model,
                d.ownerEmail ?? (d.ownerId ? d.ownerId : '-'),
                d.token,
              ]),
            ),
      );
    },
    async 'provision-keys'({ need, print }) {
      const k = await call('POST', '/provision-keys', { model: need('model') });
      print(
        k,
        `provisionDeviceKey     ${k.provisionDeviceKey}\nprovisionDeviceSecret  ${k.provisionDeviceSecret}`,
      );
    },
  },
});
