import { mailLayout } from './mail-layout.js';
import type { OutgoingMail } from './outbox.repo.js';

interface Recipient {
  email: string;
  firstName: string;
}

export function verificationMail(appUrl: string, to: Recipient, token: string): OutgoingMail {
  const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const lines = [
    `Hi ${to.firstName},`,
    'Welcome to SaathChalo! Please confirm your email address so drivers and passengers know they can reach you.',
    'This link is valid for 24 hours.',
  ];
  return {
    lane: 'account',
    to: to.email,
    subject: 'Verify your SaathChalo email address',
    text: `${lines.join('\n\n')}\n\nVerify your email: ${link}\n\nIf you did not create an account, you can ignore this mail.\n`,
    html: mailLayout(
      'Verify your email',
      [...lines, 'If you did not create an account, you can ignore this mail.'],
      {
        href: link,
        label: 'Verify email',
      },
    ),
  };
}

export function resetPasswordMail(appUrl: string, to: Recipient, token: string): OutgoingMail {
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const lines = [
    `Hi ${to.firstName},`,
    'Someone asked to reset the password of your SaathChalo account. If it was you, choose a new password with the link below.',
    'This link is valid for 1 hour and works once. Resetting signs you out on every device.',
  ];
  return {
    lane: 'account',
    to: to.email,
    subject: 'Reset your SaathChalo password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
    html: mailLayout(
      'Reset your password',
      [...lines, 'If you did not ask for this, ignore this mail: your password stays as it is.'],
      {
        href: link,
        label: 'Reset password',
      },
    ),
  };
}

/**
 * Sent once per window when an address collects many failed sign-ins (features/auth/sign-in-guard.ts).
 * It names no place or address: the attempts come from whoever is trying, and the mail should not
 * hand an attacker's chosen text or a false location to the owner.
 */
export function hammeredAccountMail(appUrl: string, to: Recipient): OutgoingMail {
  const link = `${appUrl}/forgot-password`;
  const lines = [
    `Hi ${to.firstName},`,
    'In the last few minutes there have been many failed attempts to sign in to your SaathChalo account with a wrong password.',
    'If it was you, you can ignore this mail. If the attempts go on, sign-ins from places you have not used before may be paused for up to 15 minutes; the places you usually sign in from keep working.',
    'If it was not you, your account is safe as long as nobody else knows your password. To be sure, choose a new one: it signs you out on every device.',
  ];
  return {
    to: to.email,
    subject: 'Someone is trying to sign in to your SaathChalo account',
    lane: 'account',
    text: `${lines.join('\n\n')}\n\nChoose a new password: ${link}\n`,
    html: mailLayout('Failed sign-in attempts on your account', lines, {
      href: link,
      label: 'Choose a new password',
    }),
  };
}

/** Sent to passengers whose booking ends because the driver deleted their account. */
export function rideCancelledByDeletionMail(
  appUrl: string,
  to: Recipient,
  ride: { from: string; to: string; date: string; time: string },
): OutgoingMail {
  const lines = [
    `Hi ${to.firstName},`,
    `Your booking on the ride from ${ride.from} to ${ride.to} on ${ride.date} at ${ride.time} has been cancelled because the driver closed their account.`,
    'Your seats are released; you can search for another ride.',
  ];
  const link = `${appUrl}/find-ride`;
  return {
    to: to.email,
    subject: `Ride cancelled: ${ride.from} to ${ride.to} on ${ride.date}`,
    text: `${lines.join('\n\n')}\n\nFind another ride: ${link}\n`,
    html: mailLayout('Your ride was cancelled', lines, { href: link, label: 'Find a ride' }),
  };
}
