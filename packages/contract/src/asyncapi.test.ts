import { describe, expect, it } from 'vitest';
import { asyncApiDocument } from './asyncapi.ts';
import { deviceTopics, tbTopics } from './mqtt.ts';
import { wsMessageSchema } from './ws.ts';

type Channel = { address: string; messages: Record<string, unknown>; servers: Array<{ $ref: string }> };
const doc = asyncApiDocument() as {
  asyncapi: string;
  channels: Record<string, Channel>;
  operations: Record<
    string,
    { action: string; channel: { $ref: string }; messages: Array<{ $ref: string }> }
  >;
  components: { messages: Record<string, { payload: unknown; examples?: Array<{ payload: unknown }> }> };
};
const addresses = Object.values(doc.channels).map((c) => c.address);

describe('AsyncAPI document', () => {
  it('describes both live sockets', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect(addresses).toEqual(expect.arrayContaining(['/api/ws/plugins/telemetry', '/api/ws']));
  });

  it('has a channel for every device topic of the contract, in both of its forms', () => {
    for (const topic of Object.values(deviceTopics)) {
      const address = topic('{deviceId}', '{requestId}');
      expect(addresses, address).toContain(address);
    }
    for (const topic of Object.values(tbTopics)) {
      const address = topic.endsWith('/') ? `${topic}{requestId}` : topic;
      expect(addresses, address).toContain(address);
    }
  });

  it("refers only to channels and messages it has, and each channel's messages to operations", () => {
    const used = new Set<string>();
    for (const [id, o] of Object.entries(doc.operations)) {
      const channel = o.channel.$ref.replace('#/channels/', '');
      expect(doc.channels[channel], id).toBeDefined();
      for (const m of o.messages) {
        const [, ch, , name] = m.$ref.replace('#/', '').split('/');
        expect(ch, id).toBe(channel);
        expect(doc.channels[channel]?.messages[name as string], m.$ref).toBeDefined();
        used.add(`${channel}/${name}`);
      }
    }
    for (const [id, c] of Object.entries(doc.channels))
      for (const name of Object.keys(c.messages))
        expect(used.has(`${id}/${name}`), `${id}/${name}`).toBe(true);
  });

  it("gives the live socket's example that the server's own schema accepts", () => {
    const example = doc.components.messages.liveCommands?.examples?.[0]?.payload;
    expect(wsMessageSchema.safeParse(example).success).toBe(true);
    expect(wsMessageSchema.safeParse({ cmds: [{ type: 'NOPE', cmdId: 1 }] }).success).toBe(false);
  });
});
