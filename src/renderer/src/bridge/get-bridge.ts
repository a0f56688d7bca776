/**
 * One bridge per window: Electron's preload puts the contract on `window.counter`; in a browser
 * (browser kiosk mode, a tablet as the customer display) the same contract runs over the
 * kiosk server's WebSocket.
 */
import type { BridgeApi } from '../../../shared/bridge';
import { BRIDGE_SOCKET_PATH } from '../../../shared/bridge-socket';
import { createSocketBridge } from './socket-bridge';
import type { RendererBridge } from './types';

declare global {
  interface Window {
    counter?: BridgeApi;
  }
}

function overIpc(api: BridgeApi): RendererBridge {
  return {
    // The preload throws on a command it cannot parse; callers get a reply either way.
    invoke: (command) =>
      api.invoke(command).catch((error: unknown) => ({
        ok: false as const,
        error: { message: error instanceof Error ? error.message : String(error) },
      })),
    subscribe: (listener) => api.subscribe(listener),
    link: () => 'open',
    onLink: () => () => {},
  };
}

let bridge: RendererBridge | null = null;

export function getBridge(): RendererBridge {
  if (bridge) return bridge;
  if (window.counter) {
    bridge = overIpc(window.counter);
    return bridge;
  }
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const socketBridge = createSocketBridge({
    url: `${scheme}://${location.host}${BRIDGE_SOCKET_PATH}`,
    open: (url, on) => {
      const ws = new WebSocket(url);
      ws.onopen = () => on.open();
      ws.onmessage = (event) => on.message(event.data);
      ws.onclose = () => on.close();
      return ws;
    },
  });
  addEventListener('pagehide', () => socketBridge.close());
  bridge = socketBridge;
  return bridge;
}
