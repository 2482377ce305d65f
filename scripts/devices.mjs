#!/usr/bin/env node
// `npm run devices -- <command>`: the operator's device records, through the running server's
// operator routes (docs/decisions/020). Works in embedded mode, where only the server may open the
// database, and in scaled mode alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

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

class Failure extends Error {}

function operatorKey() {
  if (process.env.OPERATOR_KEY) return process.env.OPERATOR_KEY;
  const file = join(process.env.DATA_DIR || './data', 'operator.key');
  try {
    const key = readFileSync(file, 'utf8').trim();
    if (key) return key;
  } catch {
    // no file: said below
  }
  throw new Failure(
    `No operator key: set OPERATOR_KEY to the server's key, or start the server once in embedded mode (npm start) so it writes ${file}.`,
  );
}

const baseUrl = () =>
  (process.env.HESTIA_URL || `http://127.0.0.1:${process.env.PORT || 8080}`).replace(/\/+$/, '');

/** One call to an operator route; the wrapper's data, or a Failure with the server's message. */
async function call(method, path, body) {
  const url = `${baseUrl()}/api/operator${path}`;
  const key = operatorKey();
  let res;
  try {
    res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Failure(
      `No Hestia server answers at ${baseUrl()}. Start it with \`npm start\` (or set HESTIA_URL to where it runs).`,
    );
  }
  let answer;
  try {
    answer = await res.json();
  } catch {
    throw new Failure(`${baseUrl()} answered ${res.status} without JSON: is it a Hestia server?`);
  }
  if (res.status === 401)
    throw new Failure(
      `The server refused the operator key (${answer?.message ?? 'not valid'}). Use the key in DATA_DIR/operator.key, or set OPERATOR_KEY to the server's OPERATOR_KEY.`,
    );
  if (!answer?.isSuccess) throw new Failure(answer?.message ?? `The server answered ${res.status}.`);
  return answer.data;
}

function need(values, name) {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new Failure(`--${name} is required.\n\n${usage}`);
  return v;
}

/** Rows as aligned columns. */
function table(header, rows) {
  const all = [header, ...rows].map((r) => r.map((c) => String(c ?? '')));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  return all
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
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
