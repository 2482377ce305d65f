import { useAuthStore } from './auth-store.ts';

interface LoginMessage {
  type: 'login';
  token: string;
  expiresIn: number;
  webSocketAuthrizedUrl: string | null;
}

function isLoginMessage(data: unknown): data is LoginMessage {
  const m = data as Partial<LoginMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'login' &&
    typeof m.token === 'string' &&
    typeof m.expiresIn === 'number'
  );
}

let channel: BroadcastChannel | null = null;

/**
 * A login in one tab is broadcast to the others; a tab whose token differs adopts it (spec section 4).
 */
export function startAuthChannel(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel('auth');
  channel.onmessage = (ev: MessageEvent<unknown>) => {
    if (!isLoginMessage(ev.data)) return;
    const { token, expiresIn, webSocketAuthrizedUrl } = ev.data;
    if (useAuthStore.getState().token === token) return;
    useAuthStore.getState().login({ token, expiresIn }, webSocketAuthrizedUrl);
  };
  let last = useAuthStore.getState().token;
  useAuthStore.subscribe((state) => {
    if (state.token === last) return;
    last = state.token;
    if (!state.isLoggedIn || !state.token || state.expiresIn === null) return;
    const message: LoginMessage = {
      type: 'login',
      token: state.token,
      expiresIn: state.expiresIn,
      webSocketAuthrizedUrl: state.webSocketAuthrizedUrl,
    };
    channel?.postMessage(message);
  });
}
