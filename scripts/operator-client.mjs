// The operator CLIs' client (`npm run devices`, `npm run firmware`): the running server's operator
// routes under /api/operator, with the operator key (docs/decisions/020).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** A failure to print as it is (no stack): what went wrong and what to do. */
export class Failure extends Error {}

export function operatorKey() {
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

export const baseUrl = () =>
  (process.env.HESTIA_URL || `http://127.0.0.1:${process.env.PORT || 8080}`).replace(/\/+$/, '');

/** One call to an operator route; the wrapper's data, or a Failure with the server's message. */
export async function call(method, path, body) {
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

/** Rows as aligned columns. */
export function table(header, rows) {
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

/**
 * An operator CLI's frame: reads `argv` (a command, then its options), runs the command's handler
 * with helpers to require an option and to print text or `--json`, answers help and unknown commands
 * with the usage, and prints a Failure (or a bad option) as one message with exit code 1.
 */
export function runCli({ usage, options, allowPositionals = false, commands }) {
  const [command, ...rest] = process.argv.slice(2);
  const run = async () => {
    if (command === undefined || ['help', '--help', '-h'].includes(command)) return console.log(usage);
    const handler = Object.hasOwn(commands, command) ? commands[command] : undefined;
    if (!handler) throw new Failure(`Unknown command "${command}".\n\n${usage}`);
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals,
      options: { ...options, json: { type: 'boolean', default: false } },
    });
    const need = (name) => {
      const v = values[name];
      if (typeof v !== 'string' || v === '') throw new Failure(`--${name} is required.\n\n${usage}`);
      return v;
    };
    const print = (data, text) => console.log(values.json ? JSON.stringify(data, null, 2) : text);
    return handler({ values, positionals, need, print });
  };
  run().catch((err) => {
    if (err instanceof Failure || err?.code?.startsWith?.('ERR_PARSE_ARGS')) console.error(err.message);
    else console.error(err);
    process.exitCode = 1;
  });
}

/** A file's bytes (or text with `encoding`), or a Failure that says why it cannot be read. */
export function readInput(file, encoding) {
  try {
    return readFileSync(file, encoding);
  } catch (err) {
    throw new Failure(`Cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
  }
}
