// The live socket's update shape and constants without zod, for clients (the web app's first load,
// issue 16, initial JavaScript); ws.ts holds the command schemas the server parses.

/** `{key: [[ts, "value"], ...]}`; values are always strings on the wire. */
export type WsData = Record<string, Array<[number, string]>>;

export interface WsUpdate {
  subscriptionId: number;
  errorCode: number;
  errorMsg: string | null;
  data: WsData;
}

export const WS_ERROR = { NONE: 0, BAD_REQUEST: 2, UNAUTHORIZED: 3 } as const;

/** Close code of a socket whose session was terminated or logged out: the client must not reconnect. */
export const WS_CLOSE_SESSION_ENDED = 4001;
/**
 * Close code of a socket over its user's cap of live sockets (docs/decisions/022); the client may
 * try again later, when another of the user's sockets has closed.
 */
export const WS_CLOSE_TOO_MANY_SOCKETS = 4029;
/** Per user and server instance: live sockets, and subscriptions across them (docs/decisions/022). */
export const WS_MAX_SOCKETS_PER_USER = 16;
export const WS_MAX_SUBSCRIPTIONS_PER_USER = 5000;

/** Spec section 9: live-data sharding constants. */
export const WS_DEVICES_PER_SOCKET = 180;
export const WS_ATTRIBUTE_CMD_OFFSET = 10_000;
export const WS_RECONNECT_MS = 3000;
