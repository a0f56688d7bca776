import { createRoot } from 'react-dom/client';

function Console() {
  return (
    <main>
      <h1>Counter</h1>
      <p>The staff console arrives with the kiosk issues.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Console />);
