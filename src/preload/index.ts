/**
 * The preload exposes exactly the bridge contract and nothing else: no ipcRenderer, no Node.
 * It is the one file besides src/main/electron that imports electron (contextBridge needs it).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_CHANNEL, BridgeCommand, BridgeEvent, type BridgeApi } from '../shared/bridge';

const api: BridgeApi = {
  invoke: (command) => ipcRenderer.invoke(BRIDGE_CHANNEL, BridgeCommand.parse(command)),
  subscribe: (listener) => {
    const handler = (_event: IpcRendererEvent, payload: unknown) => {
      const parsed = BridgeEvent.safeParse(payload);
      if (parsed.success) listener(parsed.data);
    };
    ipcRenderer.on(BRIDGE_CHANNEL, handler);
    return () => ipcRenderer.removeListener(BRIDGE_CHANNEL, handler);
  },
};

contextBridge.exposeInMainWorld('counter', api);
