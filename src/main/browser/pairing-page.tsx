/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The page a tablet on the LAN sees before it may be the customer display: one field for the
 * display code printed where Counter was started. Plain HTML, no script, so it works anywhere;
 * hono/jsx escapes the error message.
 */
import { raw } from 'hono/html';

const STYLES = `
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0f172a;
    color: #f8fafc; font: 20px/1.4 system-ui, sans-serif; }
  form { display: grid; gap: 16px; width: min(90vw, 420px); }
  h1 { font-size: 32px; margin: 0; }
  input { font-size: 40px; letter-spacing: 0.3em; padding: 12px; text-align: center;
    border-radius: 12px; border: 2px solid #475569; background: #1e293b; color: inherit; }
  button { font-size: 24px; padding: 16px; border-radius: 12px; border: 0; background: #22c55e;
    color: #052e16; font-weight: 700; }
  :focus-visible { outline: 3px solid #fbbf24; outline-offset: 3px; }
  .error { color: #fca5a5; }
`;

function PairingPage({ error }: { error?: string | undefined }) {
  return (
    <>
      {raw('<!doctype html>')}
      <html lang="en-GB">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Counter customer display</title>
          <link rel="icon" href="data:," />
          <style dangerouslySetInnerHTML={{ __html: STYLES }} />
        </head>
        <body>
          <main>
            <form method="post" action="/display/pair">
              <h1>Use this screen as the customer display</h1>
              <label for="code">Display code</label>
              <input
                id="code"
                name="code"
                inputmode="numeric"
                autocomplete="one-time-code"
                pattern="[0-9]{6}"
                maxlength={6}
                required
                autofocus
                aria-describedby={error ? 'code-error' : undefined}
              />
              {error && (
                <p class="error" role="alert" id="code-error">
                  {error}
                </p>
              )}
              <button type="submit">Show payments here</button>
            </form>
          </main>
        </body>
      </html>
    </>
  );
}

export function displayPairingPage(error?: string): string {
  const html = (<PairingPage error={error} />).toString();
  if (typeof html !== 'string') throw new Error('The pairing page must render synchronously');
  return html;
}
