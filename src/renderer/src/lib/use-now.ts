import { useEffect, useState } from 'react';

/**
 * The current time, re-read on each whole second while `running`, so every countdown on screen
 * ticks together and on the second rather than drifting.
 */
export function useNow(running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      timer = setTimeout(tick, 1000 - (at % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [running]);
  return now;
}
