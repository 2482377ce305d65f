import { asyncMessages } from './asyncapi-messages.ts';
import { describedSchemas } from './openapi-schemas.ts';
import {
  WS_CLOSE_SESSION_ENDED,
  WS_CLOSE_TOO_MANY_SOCKETS,
  WS_MAX_SOCKETS_PER_USER,
  WS_MAX_SUBSCRIPTIONS_PER_USER,
} from './ws-constants.ts';

type Json = Record<string, unknown>;

/** One channel: its address, server, the messages the server receives and those it sends. */
interface ChannelSpec {
  address: string;
  server: 'web' | 'broker';
  description: string;
  receives?: string[];
  sends?: string[];
}

const requestId = {
  description: 'The request number, chosen by the side that asks; the answer carries it back',
};
const me = 'v1/devices/me';
const dev = 'devices/{deviceId}';

const channels: Record<string, ChannelSpec> = {
  telemetrySocket: {
    address: '/api/ws/plugins/telemetry',
    server: 'web',
    description: `ThingsBoard's telemetry socket, the access token in the query (\`?token=JWT\`). Closes with ${WS_CLOSE_SESSION_ENDED} when the session ends (do not reconnect) and ${WS_CLOSE_TOO_MANY_SOCKETS} beyond ${WS_MAX_SOCKETS_PER_USER} sockets of one user; at most ${WS_MAX_SUBSCRIPTIONS_PER_USER} subscriptions per user.`,
    receives: ['legacyCommands'],
    sends: ['update'],
  },
  liveSocket: {
    address: '/api/ws',
    server: 'web',
    description: `Hestia's live socket: the token in the first message (authCmd), not in the address. Same updates, limits and close codes as the telemetry socket.`,
    receives: ['liveCommands'],
    sends: ['update'],
  },
  meTelemetry: {
    address: `${me}/telemetry`,
    server: 'broker',
    description: 'Telemetry of the connected device (its access token as the MQTT user name).',
    receives: ['telemetry'],
  },
  meAttributes: {
    address: `${me}/attributes`,
    server: 'broker',
    description: 'The device publishes its client attributes here and hears shared attributes here.',
    receives: ['clientAttributes'],
    sends: ['sharedAttributes'],
  },
  meAttributesRequest: {
    address: `${me}/attributes/request/{requestId}`,
    server: 'broker',
    description: 'The device asks for attributes.',
    receives: ['attributesRequest'],
  },
  meAttributesResponse: {
    address: `${me}/attributes/response/{requestId}`,
    server: 'broker',
    description: 'The answer to an attributes request.',
    sends: ['attributesResponse'],
  },
  meRpcRequest: {
    address: `${me}/rpc/request/{requestId}`,
    server: 'broker',
    description:
      "Commands to the device; the device's own calls go the other way on the same name (ThingsBoard's naming).",
    sends: ['command'],
    receives: ['call'],
  },
  meRpcResponse: {
    address: `${me}/rpc/response/{requestId}`,
    server: 'broker',
    description: "The device's answers to commands; the answers to its own calls come back on the same name.",
    receives: ['commandResult'],
    sends: ['callResult'],
  },
  meClaim: {
    address: `${me}/claim`,
    server: 'broker',
    description: 'The device offers itself to be claimed.',
    receives: ['claim'],
  },
  fwRequest: {
    address: 'v2/fw/request/{requestId}/chunk/{chunk}',
    server: 'broker',
    description: 'The device asks for a chunk of the firmware its fw_* shared attributes name.',
    receives: ['firmwareChunkRequest'],
  },
  fwResponse: {
    address: 'v2/fw/response/{requestId}/chunk/{chunk}',
    server: 'broker',
    description: 'The chunk asked for.',
    sends: ['firmwareChunk'],
  },
  provisionRequest: {
    address: '/provision/request',
    server: 'broker',
    description: 'Device provisioning (docs/decisions/020).',
    receives: ['provisionRequest'],
  },
  provisionResponse: {
    address: '/provision/response',
    server: 'broker',
    description: 'The answer to a provisioning request.',
    sends: ['provisionResponse'],
  },
  devTelemetry: {
    address: `${dev}/telemetry`,
    server: 'broker',
    description: 'Inside Hestia and on an external broker every topic names its device: telemetry.',
    receives: ['telemetry'],
  },
  devAttributes: {
    address: `${dev}/attributes`,
    server: 'broker',
    description: "The device's client attributes.",
    receives: ['clientAttributes'],
  },
  devSharedAttributes: {
    address: `${dev}/attributes/shared`,
    server: 'broker',
    description: 'Shared attributes for the device.',
    sends: ['sharedAttributes'],
  },
  devAttributesRequest: {
    address: `${dev}/attributes/request/{requestId}`,
    server: 'broker',
    description: 'The device asks for attributes.',
    receives: ['attributesRequest'],
  },
  devAttributesResponse: {
    address: `${dev}/attributes/response/{requestId}`,
    server: 'broker',
    description: 'The answer to an attributes request.',
    sends: ['attributesResponse'],
  },
  devRpcRequest: {
    address: `${dev}/rpc/request/{requestId}`,
    server: 'broker',
    description: 'Commands to the device.',
    sends: ['command'],
  },
  devRpcResponse: {
    address: `${dev}/rpc/response/{requestId}`,
    server: 'broker',
    description: "The device's answers to commands.",
    receives: ['commandResult'],
  },
  devRpcCall: {
    address: `${dev}/rpc/call/{requestId}`,
    server: 'broker',
    description: 'The device calls the server.',
    receives: ['call'],
  },
  devRpcReply: {
    address: `${dev}/rpc/reply/{requestId}`,
    server: 'broker',
    description: "The server's answers to the device's calls.",
    sends: ['callResult'],
  },
  devClaim: {
    address: `${dev}/claim`,
    server: 'broker',
    description: 'The device offers itself to be claimed.',
    receives: ['claim'],
  },
  devFwRequest: {
    address: `${dev}/fw/request/{requestId}/chunk/{chunk}`,
    server: 'broker',
    description: 'The device asks for a chunk of the firmware its fw_* shared attributes name.',
    receives: ['firmwareChunkRequest'],
  },
  devFwResponse: {
    address: `${dev}/fw/response/{requestId}/chunk/{chunk}`,
    server: 'broker',
    description: 'The chunk asked for.',
    sends: ['firmwareChunk'],
  },
  devStatus: {
    address: `${dev}/status`,
    server: 'broker',
    description: 'Connection state, retained (scaled mode).',
    receives: ['status'],
  },
  devActivity: {
    address: `${dev}/activity`,
    server: 'broker',
    description: "An edge heard the device's MQTT ping (scaled mode, QoS 0): it is alive without a message.",
    receives: ['activity'],
  },
};

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The AsyncAPI 3.0 document of the live sockets and the device MQTT topics, from the server's side. */
export function asyncApiDocument(version = '0.1.0'): Json {
  const outChannels: Record<string, Json> = {};
  const operations: Record<string, Json> = {};
  for (const [id, c] of Object.entries(channels)) {
    const params: Json = {};
    if (c.address.includes('{deviceId}')) params.deviceId = { description: 'The device id (UUID)' };
    if (c.address.includes('{requestId}')) params.requestId = requestId;
    if (c.address.includes('{chunk}')) params.chunk = { description: 'The chunk number, from 0' };
    const names = [...(c.receives ?? []), ...(c.sends ?? [])];
    outChannels[id] = {
      address: c.address,
      description: c.description,
      servers: [{ $ref: `#/servers/${c.server}` }],
      messages: Object.fromEntries(names.map((n) => [n, { $ref: `#/components/messages/${n}` }])),
      ...(Object.keys(params).length ? { parameters: params } : {}),
    };
    for (const [action, list] of [
      ['receive', c.receives],
      ['send', c.sends],
    ] as const) {
      if (!list?.length) continue;
      operations[`${action}${upper(id)}`] = {
        action,
        channel: { $ref: `#/channels/${id}` },
        summary: `${action === 'receive' ? 'The server receives' : 'The server sends'} ${list.join(' or ')} on ${c.address}`,
        messages: list.map((n) => ({ $ref: `#/channels/${id}/messages/${n}` })),
      };
    }
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Hestia live data and device messages',
      version,
      description:
        'The WebSockets that carry live telemetry to apps, and the MQTT topics devices speak, seen from the Hestia server: `receive` is what clients or devices send it, `send` what it sends them. The REST API is in the OpenAPI document at /api/docs; docs/api.md explains both.',
    },
    defaultContentType: 'application/json',
    servers: {
      web: {
        host: 'localhost:8080',
        protocol: 'ws',
        description: 'The Hestia server (wss behind TLS); `npm start` listens on port 8080 (PORT).',
        security: [{ $ref: '#/components/securitySchemes/accessToken' }],
      },
      broker: {
        host: 'localhost:1883',
        protocol: 'mqtt',
        description: 'The embedded MQTT broker (MQTT_PORT), or the external broker of scaled mode.',
        security: [{ $ref: '#/components/securitySchemes/deviceToken' }],
      },
    },
    channels: outChannels,
    operations,
    components: {
      messages: asyncMessages,
      schemas: { RpcResult: describedSchemas.RpcResult },
      securitySchemes: {
        accessToken: {
          type: 'httpApiKey',
          name: 'token',
          in: 'query',
          description:
            'The access token of login: `?token=` on /api/ws/plugins/telemetry, or `authCmd.token` in the first message on /api/ws.',
        },
        deviceToken: {
          type: 'userPassword',
          description:
            "The device's access token as the MQTT user name (no password); `provision` for provisioning requests.",
        },
      },
    },
  };
}
