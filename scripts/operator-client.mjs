// The operator CLIs' client (`npm run devices`, `npm run firmware`): the running server's operator
// routes under /api/operator, with the operator key (docs/decisions/020).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
