import type { BridgeApi, BridgeReply } from '../../../shared/bridge';

/**
 * Whether the window can reach the kiosk core. Electron IPC is always `open`; the WebSocket of
 * browser mode is `connecting` at first and `reconnecting` after losing the server.
 */
export type LinkState = 'connecting' | 'open' | 'reconnecting';

/** The bridge contract plus the link state the windows show. */
export interface RendererBridge extends BridgeApi {
  link(): LinkState;
  onLink(listener: (state: LinkState) => void): () => void;
}

export const UNREACHABLE: BridgeReply = {
  ok: false,
  error: { message: 'The kiosk is not reachable; reconnecting…' },
};
