/**
 * Runs a Vite build as a production build whatever NODE_ENV this process was started with (a test
 * runner sets it to "test"): Vite and the React plugin read NODE_ENV when they resolve their
 * config, and React's development build double-runs effects under StrictMode, which the windows
 * and the dashboard would then be served with.
 */
export async function asProduction<T>(build: () => Promise<T>): Promise<T> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await build();
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
