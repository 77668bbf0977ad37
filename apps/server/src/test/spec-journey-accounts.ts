import { expect } from 'vitest';
import { ACCOUNT_MSG } from '@saathchalo/shared';
import { newAccount, queuedMailTo, tokenFromLink } from './accounts.js';
import { ClientUser, need } from './spec-journey.js';
import type { TestContext } from './test-app.js';

const q = encodeURIComponent;

export interface Cast {
  driver: ClientUser;
  passenger: ClientUser;
  other: ClientUser;
  /** The e-mail and password each signed up with. */
  accounts: Map<ClientUser, { email: string; password: string }>;
}

/** Three people sign up through the client; the driver follows the mailed link and signs in. */
export async function signUp(ctx: TestContext, calls: string[]): Promise<Cast> {
  const cast: Cast = {
    driver: new ClientUser(ctx, calls),
    passenger: new ClientUser(ctx, calls),
    other: new ClientUser(ctx, calls),
    accounts: new Map(),
  };
  const people: Array<[ClientUser, ReturnType<typeof newAccount>]> = [
    [cast.driver, newAccount({ firstName: 'Vikram', lastName: 'Singh', phone: '9811111111' })],
    [cast.passenger, newAccount({ firstName: 'Priya', lastName: 'Nair', phone: '9822222222' })],
    [cast.other, newAccount({ firstName: 'Kabir', lastName: 'Das', phone: '9833333333' })],
  ];
  for (const [person, account] of people) {
    const res = await person.call(
      'POST',
      '/auth/register',
      { status: 201, message: ACCOUNT_MSG.registered },
      { body: account },
    );
    const data = need(res.body.data, 'a registered account');
    expect(Object.keys(data).sort()).toEqual(['refreshToken', 'token', 'user']);
    Object.assign(person, { id: data.user.id, token: data.token, refreshToken: data.refreshToken });
    cast.accounts.set(person, { email: account.email, password: account.password });
  }
  const { driver } = cast;
  const { email, password } = cast.accounts.get(driver)!;
  const mail = need((await queuedMailTo(ctx, email))[0], 'the verification mail');
  const link = tokenFromLink(mail.text_body, '/verify-email');
  const verified = await driver.call(
    'GET',
    `/auth/verify-email?token=${q(link)}`,
    // Opened from the mail in the browser that is signed in: the client adds the bearer it holds.
    { status: 200, message: ACCOUNT_MSG.emailVerified },
  );
  expect.soft(verified.body.data?.emailVerified).toBe(true);
  const login = await driver.call(
    'POST',
    '/auth/login',
    { status: 200, message: ACCOUNT_MSG.loggedIn },
    { token: null, body: { email, password } },
  );
  driver.token = need(login.body.data?.token, 'a token from sign-in');
  driver.refreshToken = login.body.data.refreshToken;
  return cast;
}

/** The profile screen: view, save (the full name split at the first space), another user's page. */
export async function profiles({ driver, passenger, accounts }: Cast): Promise<void> {
  const profile = await driver.call('GET', '/users/profile', { status: 200 });
  expect.soft(profile.body.data).toMatchObject({
    firstName: 'Vikram',
    lastName: 'Singh',
    email: accounts.get(driver)!.email,
    phone: '9811111111',
    emailVerified: true,
  });
  const saved = await driver.call(
    'PUT',
    '/users/profile',
    { status: 200, message: ACCOUNT_MSG.profileUpdated },
    {
      body: {
        firstName: 'Vikram',
        lastName: 'Singh Rathore',
        phone: '9811111112',
        location: 'Bengaluru',
        bio: 'Daily to Mysuru',
      },
    },
  );
  expect
    .soft(saved.body.data)
    .toMatchObject({ lastName: 'Singh Rathore', phone: '9811111112', bio: 'Daily to Mysuru' });
  const seen = await passenger.call('GET', `/users/${driver.id}`, { status: 200 });
  expect.soft(seen.body.data).toMatchObject({ id: driver.id, firstName: 'Vikram' });
  expect.soft(seen.body.data).not.toHaveProperty('email');
}

/** Forgot and reset with the query parameters and no body, as the client sends them; then sign in. */
export async function recoverPassword(ctx: TestContext, person: ClientUser, email: string): Promise<string> {
  const newPassword = 'new-chai-42';
  await person.call(
    'POST',
    `/auth/forgot-password?email=${q(email)}`,
    { status: 200, message: ACCOUNT_MSG.resetMailSent },
    { token: null },
  );
  const mails = await queuedMailTo(ctx, email);
  const mail = need(
    mails.find((m) => m.text_body.includes('/reset-password?token=')),
    'the reset mail',
  );
  const token = tokenFromLink(mail.text_body, '/reset-password');
  await person.call(
    'POST',
    `/auth/reset-password?token=${q(token)}&newPassword=${q(newPassword)}`,
    { status: 200, message: ACCOUNT_MSG.passwordReset },
    { token: null },
  );
  const login = await person.call(
    'POST',
    '/auth/login',
    { status: 200, message: ACCOUNT_MSG.loggedIn },
    { token: null, body: { email, password: newPassword } },
  );
  person.token = login.body.data?.token ?? null;
  person.refreshToken = login.body.data?.refreshToken ?? null;
  return newPassword;
}

/** An expired access token: the client's one refresh with the stored refresh token, then the call again. */
export async function refreshAfterExpiry(person: ClientUser): Promise<void> {
  await person.call('GET', '/bookings/my-bookings', { status: 401 });
  const pair = await person.call(
    'POST',
    '/auth/refresh-token',
    { status: 200, message: ACCOUNT_MSG.refreshed },
    { token: person.refreshToken },
  );
  person.token = pair.body.data?.token ?? null;
  person.refreshToken = pair.body.data?.refreshToken ?? person.refreshToken;
  await person.call('GET', '/bookings/my-bookings', { status: 200 });
}

/** Signing out ends the session; deleting the account ends sign-in. */
export async function leave(
  { passenger, other }: Cast,
  otherLogin: { email: string; password: string },
): Promise<void> {
  await passenger.call('POST', '/auth/logout', {
    status: 200,
    message: ACCOUNT_MSG.loggedOut,
  });
  await passenger.call('GET', '/bookings/my-bookings', { status: 401 });
  await other.call('DELETE', '/users/profile', {
    status: 200,
    message: ACCOUNT_MSG.accountDeleted,
  });
  await other.call('POST', '/auth/login', { status: 401 }, { token: null, body: otherLogin });
}
