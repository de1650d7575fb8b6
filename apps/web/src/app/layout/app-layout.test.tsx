import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { useImmersive } from '../../lib/immersive';
import { initI18n } from '../../lib/i18n';
import { LoginResponseProvider } from '../../lib/session';
import { AppLayout } from './app-layout';

beforeAll(async () => {
  await initI18n();
});

/** A screen with a face-to-face switch, like the plaza's. */
function SharedScreen() {
  const [faceToFace, setFaceToFace] = useState(false);
  useImmersive(faceToFace);
  return (
    <button
      type="button"
      aria-pressed={faceToFace}
      onClick={() => {
        setFaceToFace((value) => !value);
      }}
    >
      Face to face
    </button>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: 'interpret/:id', element: <SharedScreen /> },
          { path: 'muses/:id', element: <SharedScreen /> },
          { path: 'interpret', element: <p>Pairs</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <LoginResponseProvider>
      <RouterProvider router={router} />
    </LoginResponseProvider>,
  );
  return router;
}

const bottomNav = () => screen.queryByRole('navigation', { name: 'Main navigation' });

describe('AppLayout', () => {
  it('hides the bottom navigation and footer while the plaza is face to face, and keeps the header', async () => {
    const router = renderAt('/interpret/abc');
    expect(bottomNav()).not.toBeNull();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(document.querySelector('.app-shell')?.className).toBe('app-shell compact');

    await userEvent.click(screen.getByRole('button', { name: 'Face to face' }));
    expect(bottomNav()).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(document.querySelector('.app-shell')?.className).toBe('app-shell compact immersive');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Face to face' }));
    expect(bottomNav()).not.toBeNull();

    // Leaving the screen gives the shell back.
    await userEvent.click(screen.getByRole('button', { name: 'Face to face' }));
    expect(bottomNav()).toBeNull();
    await router.navigate('/interpret');
    expect(await screen.findByText('Pairs')).toBeTruthy();
    expect(bottomNav()).not.toBeNull();
  });

  it('keeps the navigation on paths that may not take the whole screen', async () => {
    renderAt('/muses/abc');
    await userEvent.click(screen.getByRole('button', { name: 'Face to face' }));
    expect(bottomNav()).not.toBeNull();
    expect(document.querySelector('.app-shell')?.className).toBe('app-shell compact');
  });
});
