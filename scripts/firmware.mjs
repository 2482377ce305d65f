#!/usr/bin/env node
// `npm run firmware -- <command>`: firmware packages per device model, stored through the running
// server's operator routes (issue 20, as `npm run devices` does for device records).
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { call, Failure, readInput, runCli, table } from './operator-client.mjs';

/** The server's limit (MAX_FIRMWARE_BYTES in @hestia/contract): checked here before the upload. */
const MAX_BYTES = 4 * 1024 * 1024;

const usage = `Usage: npm run firmware -- <command>

  add --profile <deviceProfileId> --version <n> --file <path> [--json]
        Store a firmware package for a device model (its catalogue id, e.g. plug-smart): the
        version (up to four dot-separated numbers, e.g. 8 or 7.16) and the file (at most 4 MiB).
        Prints its size and SHA-256. Owners then update their devices of that model from the app.
  list [--profile <deviceProfileId>] [--json]
        The stored packages: model, version, size, SHA-256.

The server is reached at HESTIA_URL (default http://127.0.0.1:$PORT, PORT default 8080) with the
operator key from OPERATOR_KEY, or from DATA_DIR/operator.key (DATA_DIR default ./data), which the
server writes in embedded mode.`;

function readPackage(file) {
  const st = (() => {
    try {
      return statSync(file);
    } catch (err) {
      throw new Failure(`Cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
    }
  })();
  if (!st.isFile()) throw new Failure(`${file} is not a file.`);
  const size = st.size;
  if (size === 0) throw new Failure(`${file} is empty: nothing to store.`);
  if (size > MAX_BYTES)
    throw new Failure(
      `${basename(file)} is too big: ${size} bytes, at most ${MAX_BYTES} (4 MiB). Nothing stored.`,
    );
  return readInput(file);
}

runCli({
  usage,
  options: {
    profile: { type: 'string' },
    version: { type: 'string' },
    file: { type: 'string' },
  },
  commands: {
    async add({ need, print }) {
      const profile = need('profile');
      const version = need('version');
      const bytes = readPackage(need('file'));
      const p = await call('POST', '/firmware', { profile, version, data: bytes.toString('base64') });
      print(
        p,
        `Stored ${p.profile} firmware ${p.version}: ${p.size} bytes, SHA-256 ${p.checksum} (id ${p.id}).`,
      );
    },
    async list({ values, print }) {
      const query = values.profile ? `?profile=${encodeURIComponent(values.profile)}` : '';
      const list = await call('GET', `/firmware${query}`);
      print(
        list,
        list.length === 0
          ? 'No firmware packages.'
          : table(
              ['model', 'version', 'size', 'sha256', 'added'],
              list.map((p) => [p.profile, p.version, p.size, p.checksum, p.createdAt]),
            ),
      );
    },
  },
});
