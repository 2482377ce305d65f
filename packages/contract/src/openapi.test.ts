import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import openapiTS from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { errorCatalog } from './errors.ts';
import { CLIENT_ID_HEADER } from './http.ts';
import { openApiDocument } from './openapi.ts';
import { API_TAGS } from './route-docs.ts';
import { routes } from './routes.ts';
import { voiceRoutes } from './voice.ts';

type Op = {
  operationId: string;
  tags: string[];
  summary: string;
  parameters: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown>; example?: unknown }> };
  responses: Record<
    string,
    {
      description: string;
      content?: Record<
        string,
        { examples?: Record<string, { value: { message: string; statusCode: number } }>; example?: unknown }
      >;
    }
  >;
  security?: unknown[];
};
const doc = openApiDocument() as {
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};
const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
const op = (path: string, method: string): Op => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
};

describe('OpenAPI document', () => {
  it('gives every operation a tag of the list and a summary', () => {
    expect(doc.tags.map((t) => t.name)).toEqual(Object.keys(API_TAGS));
    for (const o of ops) {
      expect(Object.keys(API_TAGS), o.operationId).toContain(o.tags[0]);
      expect(o.summary, o.operationId).not.toBe(o.operationId);
    }
  });

  it("lists the error statuses of each operation with the catalogue's messages", () => {
    const login = op('/api/v1/users/login', 'post');
    expect(Object.keys(login.responses)).toEqual(['200', '400', '401', '403', '415', '429', '500']);
    const disabled = login.responses['403']?.content?.['application/json']?.examples?.ACCOUNT_DISABLED?.value;
    expect(disabled).toMatchObject({ message: errorCatalog.ACCOUNT_DISABLED.message, statusCode: 1015 });
    const device = op('/api/v1/devices/{id}', 'get');
    expect(Object.keys(device.responses)).toEqual(['200', '400', '401', '403', '404', '500']);
    const missing = device.responses['404']?.content?.['application/json']?.examples?.NOT_FOUND?.value;
    expect(missing).toMatchObject({ message: errorCatalog.NOT_FOUND.message, statusCode: 404 });
    expect(Object.keys(op('/api/v1/devices/{id}/twoway-rpc', 'post').responses)).toEqual(
      expect.arrayContaining(['409', '502', '504']),
    );
    expect(Object.keys(op('/api/v1/devices/shares/{shareToken}/finalize', 'post').responses)).toContain(
      '429',
    );
    // Anonymous and without input: nothing but a server failure.
    expect(Object.keys(op('/api/v1/time', 'get').responses)).toEqual(['200', '500']);
    // ThingsBoard's paths answer its own error shape.
    const tb = op('/api/plugins/rpc/twoway/{id}', 'post');
    expect(tb.responses['401']?.content?.['application/json']).toMatchObject({
      schema: { $ref: '#/components/schemas/ThingsBoardError' },
    });
  });

  it('lists every error code with its status and message', () => {
    const codes = doc.components.schemas.ErrorCode as { enum: string[]; description: string };
    expect(codes.enum).toEqual(Object.keys(errorCatalog));
    for (const [code, e] of Object.entries(errorCatalog))
      expect(codes.description).toContain(`| ${code} | ${e.status} |`);
  });

  it('types the RPC params and answer instead of leaving them open', () => {
    const body = op('/api/v1/devices/{id}/twoway-rpc', 'post').requestBody?.content['application/json'];
    const properties = (body?.schema.properties ?? {}) as Record<string, { oneOf?: unknown[] }>;
    expect(properties.params?.oneOf).toEqual([
      { $ref: '#/components/schemas/RpcWriteParams' },
      { $ref: '#/components/schemas/RpcGetStateParams' },
      { $ref: '#/components/schemas/RpcModbusParams' },
    ]);
    expect(doc.components.schemas.RpcModbusParams?.required).toEqual([
      'function',
      'len',
      'address',
      'data',
      'data_mask',
    ]);
    expect(body?.example).toMatchObject({ method: 'write', params: [{ Key: 'relay_1', Value: 0 }] });
    // The 25 empty answers are described as such.
    const logout = op('/api/v1/users/logout', 'post').responses['200']?.content?.['application/json'] as {
      schema: { properties: { data: unknown } };
    };
    expect(logout.schema.properties.data).toEqual({ $ref: '#/components/schemas/Empty' });
  });

  it('describes the client-id header where the server reads it, the servers and the security', () => {
    for (const path of ['/api/v1/users/login', '/api/v1/users/register', '/api/v1/users/refreshToken'])
      expect(op(path, 'post').parameters.map((p) => `${p.in}:${p.name}`)).toContain(
        `header:${CLIENT_ID_HEADER}`,
      );
    expect(op('/api/v1/customer/devices', 'get').parameters.map((p) => p.name)).not.toContain(
      CLIENT_ID_HEADER,
    );
    expect(doc.servers[0]?.url).toBe('/');
    expect(doc.servers[0]?.description).toContain('http://localhost:8080');
    expect(op('/api/v1/users/login', 'post').security).toEqual([]);
    expect(ops).toHaveLength(
      Object.keys(routes).length +
        Object.values(routes).filter((d) => 'thingsboard' in d).length +
        Object.keys(voiceRoutes).length,
    );
  });

  it('generates a typed client with openapi-typescript that TypeScript checks', async () => {
    const types = await openapiTS(doc as never);
    for (const needle of [
      '"/api/v1/users/login"',
      '"/api/v1/devices/{id}/twoway-rpc"',
      'twowayRpc',
      'RpcModbusParams',
    ])
      expect(types).toContain(needle);
    const dir = mkdtempSync(join(tmpdir(), 'hestia-openapi-ts-'));
    try {
      writeFileSync(join(dir, 'hestia-api.d.ts'), types);
      writeFileSync(
        join(dir, 'use.ts'),
        [
          "import type { components, paths } from './hestia-api';",
          "type Login = paths['/api/v1/users/login']['post'];",
          "export const body: Login['requestBody']['content']['application/json'] = { username: 'a@b.c', password: 'x' };",
          "type Device = paths['/api/v1/devices/{id}']['get']['responses']['200']['content']['application/json']['data'];",
          'export const label = (d: Device): string => d.label;',
          "export const write: components['schemas']['RpcWriteParams'] = [{ Key: 'relay_1', Value: 1 }];",
          '// @ts-expect-error a device has no colour',
          'export const colour = (d: Device) => d.colour;',
        ].join('\n'),
      );
      const tsc = resolve(import.meta.dirname, '../../../node_modules/typescript/bin/tsc');
      // Run in the folder, away from the repository's tsconfig.json; a type error throws with tsc's output.
      execFileSync(
        process.execPath,
        [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', 'use.ts'],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
