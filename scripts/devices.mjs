#!/usr/bin/env node
// `npm run devices -- <command>`: the operator's device records, through the running server's
// operator routes (docs/decisions/020). Works in embedded mode, where only the server may open the
// database, and in scaled mode alike.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { call, Failure, table } from './operator-client.mjs';

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

function need(values, name) {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new Failure(`--${name} is required.\n\n${usage}`);
  return v;
}

async function main(argv) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      model: { type: 'string' },
      mac: { type: 'string' },
      owner: { type: 'string' },
      token: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const print = (data, text) => console.log(values.json ? JSON.stringify(data, null, 2) : text);
  switch (command) {
    case 'add': {
      const body = { model: need(values, 'model'), mac: need(values, 'mac') };
      if (values.owner !== undefined) body.owner = values.owner;
      if (values.token !== undefined) body.token = values.token;
      const d = await call('POST', '/devices', body);
      return print(d, `Added ${d.mac}: id ${d.id}, token ${d.token}`);
    }
    case 'import': {
      const file = positionals[0];
      if (!file) throw new Failure(`import needs a CSV file.\n\n${usage}`);
      let csv;
      try {
        csv = readFileSync(file, 'utf8');
      } catch (err) {
        throw new Failure(`Cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
      }
      const r = await call('POST', '/devices/import', { csv });
      return print(r.devices, `Imported ${r.imported} device${r.imported === 1 ? '' : 's'} from ${file}.`);
    }
    case 'list': {
      const list = await call('GET', '/devices');
      return print(
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
    }
    case 'provision-keys': {
      const k = await call('POST', '/provision-keys', { model: need(values, 'model') });
      return print(
        k,
        `provisionDeviceKey     ${k.provisionDeviceKey}\nprovisionDeviceSecret  ${k.provisionDeviceSecret}`,
      );
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return console.log(usage);
    default:
      throw new Failure(`Unknown command "${command}".\n\n${usage}`);
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof Failure || err?.code?.startsWith?.('ERR_PARSE_ARGS')) console.error(err.message);
  else console.error(err);
  process.exitCode = 1;
});
