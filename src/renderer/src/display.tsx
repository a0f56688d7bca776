import { createRoot } from 'react-dom/client';

function Display() {
  return (
    <main data-payment-state="idle" data-payment-request-id="">
      <h1>Welcome</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Display />);
