import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { contract } from '@saathchalo/shared';
import { json, mockFetch, okEnvelope, signIn } from '@/test/render';
import { api, ApiError, errorMessageOf, NETWORK_ERROR, NetworkError } from './api-client';
import { registerNavigate } from './navigation';
import { getSession } from './session';

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  registerNavigate(navigate);
});

describe('api client: envelope and bearer', () => {
  it('sends JSON with the bearer token and returns the envelope', async () => {
    signIn();
    const calls = mockFetch({ 'POST /api/rides/offer': () => okEnvelope({ id: 'r1' }, 'Created') });
    // The body is whatever the caller gives: the server's schema judges it.
    const body = { from: 'Pune' } as unknown as z.input<typeof contract.offerRide.body>;
    const res = await api.send(contract.offerRide, { body });
    expect(res).toEqual({ success: true, data: { id: 'r1' }, message: 'Created', error: null });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer access-token');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(await calls[0]!.json()).toEqual({ from: 'Pune' });
  });

  it('treats a body without success as a success', async () => {
    signIn();
    mockFetch({ 'GET /api/rides/my-rides': () => json([{ id: 'r1' }]) });
    expect(await api.call(contract.myRides)).toEqual([{ id: 'r1' }]);
  });

  it('fills the path parameters (encoded) and the query from the call', async () => {
    signIn();
    const calls = mockFetch({ 'PUT /api/rides/r%201/status': () => okEnvelope({ id: 'r 1' }, 'Ride status updated successfully') });
    const res = await api.send(contract.changeRideStatus, { params: { id: 'r 1' }, query: { status: 'COMPLETED' } });
    expect(res.message).toBe('Ride status updated successfully');
    expect(calls[0]!.method).toBe('PUT');
    expect(new URL(calls[0]!.url).search).toBe('?status=COMPLETED');
  });

  it('lets auth calls go without a token', async () => {
    const calls = mockFetch({ 'POST /api/auth/forgot-password': () => okEnvelope(null) });
    await api.call(contract.forgotPassword, { body: { email: 'a@b.in' } });
    expect(calls[0]!.headers.get('authorization')).toBeNull();
  });
});

describe('api client: 401, refresh and sign-out', () => {
  it('refreshes once and retries the call once with the new token', async () => {
    signIn();
    let tries = 0;
    const calls = mockFetch({
      'GET /api/bookings/my-bookings': (req) => {
        tries += 1;
        return req.headers.get('authorization') === 'Bearer new-access'
          ? okEnvelope([])
          : json({ success: false, error: 'Authentication required' }, 401);
      },
      'POST /api/auth/refresh-token': () => okEnvelope({ token: 'new-access', refreshToken: 'new-refresh' }),
    });
    expect(await api.call(contract.myBookings)).toEqual([]);
    expect(tries).toBe(2);
    const refresh = calls.find((c) => c.url.endsWith('/api/auth/refresh-token'))!;
    expect(refresh.headers.get('authorization')).toBe('Bearer refresh-token');
    expect(getSession()).toMatchObject({ token: 'new-access', refreshToken: 'new-refresh' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 clears the session and goes to /signin', async () => {
    signIn();
    let tries = 0;
    mockFetch({
      'GET /api/rides/my-rides': () => {
        tries += 1;
        return json({ success: false, error: 'Authentication required' }, 401);
      },
      'POST /api/auth/refresh-token': () => okEnvelope({ token: 'new-access' }),
    });
    await expect(api.call(contract.myRides)).rejects.toBeInstanceOf(ApiError);
    expect(tries).toBe(2);
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/signin', { replace: true });
  });

  it('a failed refresh clears the session and goes to /signin', async () => {
    signIn();
    let tries = 0;
    mockFetch({
      'GET /api/rides/my-rides': () => {
        tries += 1;
        return json({ success: false, error: 'Authentication required' }, 401);
      },
      'POST /api/auth/refresh-token': () => json({ success: false, error: 'Invalid or expired refresh token' }, 401),
    });
    await expect(api.call(contract.myRides)).rejects.toBeInstanceOf(ApiError);
    expect(tries).toBe(1);
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/signin', { replace: true });
  });

  it('without a refresh token there is no refresh call: sign-out to /signin', async () => {
    signIn({ refreshToken: '' });
    const calls = mockFetch({ 'GET /api/rides/my-rides': () => json({ success: false, error: 'Authentication required' }, 401) });
    await expect(api.call(contract.myRides)).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/rides/my-rides']);
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/signin', { replace: true });
  });

  it('without a token a protected call does not go out', async () => {
    const calls = mockFetch({ 'GET /api/rides/my-rides': () => okEnvelope([]) });
    await expect(api.call(contract.myRides)).rejects.toThrow('No authentication token found');
    expect(calls).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/signin', { replace: true });
  });

  it('a 401 on login is the caller’s to show: no sign-out, no redirect', async () => {
    mockFetch({ 'POST /api/auth/login': () => json({ success: false, error: 'Invalid email or password' }, 401) });
    const body = { email: 'a@b.in', password: 'wrong!' };
    await expect(api.call(contract.login, { body })).rejects.toThrow('Invalid email or password');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('api client: network failures keep the session (CONTRACT section 6)', () => {
  it('throws a NetworkError with the network message and keeps the stored user', async () => {
    signIn();
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const err = await api.call(contract.myRides).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toBe(NETWORK_ERROR);
    expect(getSession()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a token refresh that never reaches the server keeps the session and says so', async () => {
    // The access token expired while a form was being filled; the refresh then met a dead connection.
    signIn();
    mockFetch({
      'POST /api/rides/offer': () => json({ success: false, error: 'Authentication required' }, 401),
      'POST /api/auth/refresh-token': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const body = { from: 'Pune' } as unknown as z.input<typeof contract.offerRide.body>;
    const err = await api.send(contract.offerRide, { body }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toBe(NETWORK_ERROR);
    expect(getSession()).toMatchObject({ token: 'access-token', refreshToken: 'refresh-token' });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('api client: error text precedence (specification section 8)', () => {
  it("keeps the refusal's machine code beside its words", async () => {
    signIn();
    mockFetch({
      'POST /api/rides/r1/book': () =>
        json({ success: false, data: null, message: 'Not enough seats available', error: 'Not enough seats available', code: 'RIDE_FULL' }, 409),
    });
    const err = (await api.call(contract.bookRide, { params: { id: 'r1' } }).catch((e: unknown) => e)) as ApiError;
    expect({ code: err.code, message: err.message, status: err.status }).toEqual({
      code: 'RIDE_FULL',
      message: 'Not enough seats available',
      status: 409,
    });
  });
  it('text data first', () => {
    expect(errorMessageOf('Seats are gone', 409)).toBe('Seats are gone');
  });
  it('then error', () => {
    expect(errorMessageOf({ success: false, error: 'Ride not found', message: 'Nope' }, 404)).toBe('Ride not found');
  });
  it('then message, unless it is "Validation failed"', () => {
    expect(errorMessageOf({ success: false, error: null, message: 'Not enough seats' }, 409)).toBe('Not enough seats');
    expect(errorMessageOf({ success: false, error: null, message: 'Validation failed', data: { message: 'Bad date' } }, 400)).toBe('Bad date');
  });
  it('then data.message, then data.error', () => {
    expect(errorMessageOf({ data: { message: 'From data' } }, 400)).toBe('From data');
    expect(errorMessageOf({ data: { error: 'Data error' } }, 400)).toBe('Data error');
  });
  it('then "API call failed with status N", default "An error occurred"', () => {
    expect(errorMessageOf({ success: false }, 503)).toBe('API call failed with status 503');
    expect(errorMessageOf(null, 0)).toBe('An error occurred');
  });
  it('throws an ApiError carrying the chosen text, the status and the field map', async () => {
    signIn();
    mockFetch({
      'PUT /api/users/profile': () =>
        json({ success: false, message: 'Validation failed', error: 'Phone must be valid', data: { phone: 'Phone must be valid' } }, 400),
    });
    const body = { firstName: 'A', lastName: null, phone: '1', location: null, bio: null };
    const err = (await api.call(contract.updateProfile, { body }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('Phone must be valid');
    expect(err.status).toBe(400);
    expect(err.fields).toEqual({ phone: 'Phone must be valid' });
  });
  it('a 500 without words gives the status text', async () => {
    signIn();
    mockFetch({ 'GET /api/rides/my-rides': () => new Response('', { status: 500 }) });
    await expect(api.call(contract.myRides)).rejects.toThrow('API call failed with status 500');
  });
});
