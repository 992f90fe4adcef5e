import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { confirmDialog } from './confirm-dialog';
import { useCloseOverlaysOnNavigation } from './overlays';

function Withdraw() {
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={async () => setAnswer(String(await confirmDialog({ content: 'Withdraw ¥30,000?' })))}
      >
        withdraw
      </button>
      <p>answer: {answer}</p>
      <Link to="/home">leave</Link>
    </>
  );
}

function App() {
  useCloseOverlaysOnNavigation();
  return (
    <Routes>
      <Route path="/withdraw" element={<Withdraw />} />
      <Route path="/home" element={<p>home screen</p>} />
    </Routes>
  );
}

// Runs in an own module graph (vitest.config.ts): it waits for the dialog's closing animation,
// whose frame loop (react-spring) would otherwise be the one an earlier file's window left behind.
describe('confirmation dialog', () => {
  it('closes, answering no, when the reader leaves the screen that opened it', async () => {
    await renderInApp(<App />, { path: '/withdraw' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByText('withdraw'));
    expect(await screen.findByText('Withdraw ¥30,000?')).toBeInTheDocument();
    await user.click(screen.getByText('leave'));
    expect(screen.getByText('home screen')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    await waitFor(() => expect(screen.queryByText('Withdraw ¥30,000?')).toBeNull());
  });
});
