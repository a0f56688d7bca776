/**
 * A Server-Sent Events parser for a stream read with fetch. The dashboard reads the merchant's
 * change stream with fetch rather than EventSource because EventSource cannot send the
 * Authorization header, and the access secret must never go in a URL.
 */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/** Feed it text as it arrives; it calls `onMessage` for each complete event. */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const message: SseMessage = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue; // a comment keeps the line alive
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') message.id = value;
        else if (field === 'event') message.event = value;
        else if (field === 'data') {
          message.data += (hasData ? '\n' : '') + value;
          hasData = true;
        }
      }
      if (hasData) onMessage(message);
    }
  };
}
