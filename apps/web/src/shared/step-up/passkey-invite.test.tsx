import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, signedIn } from '../../test/api';
import { securityInfo } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { STORAGE_KEYS } from '../lib/storage';
import { PasskeyInvite } from './passkey-invite';

// Whether the browser can make a passkey is the edge of the world here (jsdom has no WebAuthn).
vi.mock('./webauthn', async (original) => ({
  ...(await original<typeof import('./webauthn')>()),
  passkeysSupported: () => true,
}));

afterEach(() => localStorage.removeItem(STORAGE_KEYS.passkeyInviteSkipped));

describe('the passkey invitation', () => {
  it('invites an investor with no passkey and leads to the security screen', async () => {
    signedIn();
    answerApi({ '/user/securityInfo': securityInfo(0) });
    const onAdd = vi.fn();
    await renderInApp(<PasskeyInvite onAdd={onAdd} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(onAdd).toHaveBeenCalledWith('/mine/security');
  });

  it('says nothing to an investor who has a passkey', async () => {
    signedIn();
    const sent = answerApi({ '/user/securityInfo': securityInfo(1) });
    await renderInApp(<PasskeyInvite onAdd={vi.fn()} />);
    await waitFor(() => expect(sent.map((call) => call.path)).toContain('/user/securityInfo'));
    expect(screen.queryByTestId('passkey-invite')).toBeNull();
  });

  it('stays away on this device once set aside with "Not now"', async () => {
    signedIn();
    answerApi({ '/user/securityInfo': securityInfo(0) });
    const first = await renderInApp(<PasskeyInvite onAdd={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('passkey-invite')).toBeNull();
    first.unmount();

    const sent = answerApi({ '/user/securityInfo': securityInfo(0) });
    await renderInApp(<PasskeyInvite onAdd={vi.fn()} />);
    expect(screen.queryByTestId('passkey-invite')).toBeNull();
    expect(sent).toEqual([]);
  });
});
