import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { BlockedUsers } from './blocked-users';
import { PhoneVerification } from './phone-verification';
import { PrivacySettings } from './privacy-settings';
import { PublicProfileDialog } from './public-profile-dialog';
import { SafetyActions } from './safety-actions';
import { ShareTripButton } from './share-trip-button';

/** The call never arrived (a phone losing its signal): the screen's own words, as every screen says them. */
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the safety screens say a failure as the rest of the product does', () => {
  it('privacy settings: Failed to save privacy settings. Please try again.', async () => {
    signIn();
    renderScreen(
      <PrivacySettings initial={{ gender: null, contactVisibility: 'EVERYONE' }} save={offline} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save privacy settings' }));
    expect(await screen.findByText('Failed to save privacy settings. Please try again.')).toBeTruthy();
  });

  it('phone verification: Failed to send the code. / Failed to verify the code. Please try again.', async () => {
    signIn();
    let sent = false;
    mockFetch({
      'POST /api/users/phone/verification': () => {
        if (sent) return offline();
        sent = true;
        return okEnvelope({
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
          resendAt: new Date().toISOString(),
        });
      },
      'POST /api/users/phone/verification/confirm': offline,
    });
    const user = userEvent.setup();
    renderScreen(<PhoneVerification phone="9876543210" verified={false} />);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to verify the code. Please try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to send the code. Please try again.')).toBeTruthy();
  });

  it('blocked people: Failed to load the people you blocked.', async () => {
    signIn();
    mockFetch({ 'GET /api/users/blocked': offline });
    renderScreen(<BlockedUsers />);
    expect(await screen.findByText('Failed to load the people you blocked.')).toBeTruthy();
  });

  it('unblock, block, report and share: Failed to ... Please try again.', async () => {
    signIn();
    mockFetch({
      'GET /api/users/blocked': () => okEnvelope([{ id: 'd7', name: 'Ravi Kumar', firstName: 'Ravi' }]),
      'DELETE /api/users/d7/block': offline,
      'POST /api/users/d7/block': offline,
      'POST /api/users/d7/reports': offline,
      'POST /api/bookings/b1/share': offline,
    });
    const user = userEvent.setup();
    renderScreen(
      <>
        <BlockedUsers />
        <SafetyActions userId="d7" name="Ravi Kumar" />
        <ShareTripButton bookingId="b1" />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Unblock Ravi Kumar' }));
    expect(await screen.findByText('Failed to unblock. Please try again.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Block Ravi Kumar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block Ravi Kumar?' })).getByRole('button', {
        name: 'Block',
      }),
    );
    expect(await screen.findByText('Failed to block. Please try again.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Share trip' }));
    expect(await screen.findByText('Failed to share the trip. Please try again.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Report Ravi Kumar' }));
    const report = await screen.findByRole('dialog', { name: 'Report Ravi Kumar' });
    await user.selectOptions(within(report).getByLabelText('Reason'), 'NO_SHOW');
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(await within(report).findByText('Failed to send the report. Please try again.')).toBeTruthy();
  });

  it("a driver's profile: Failed to load the profile. Please try again.", async () => {
    signIn();
    mockFetch({ 'GET /api/users/d7': offline });
    renderScreen(<PublicProfileDialog userId="d7" name="Ravi Kumar" onClose={() => {}} />);
    expect(await screen.findByText('Failed to load the profile. Please try again.')).toBeTruthy();
  });
});
