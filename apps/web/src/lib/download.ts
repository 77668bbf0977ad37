import { API_BASE } from '@saathchalo/shared';
import { ApiError, errorMessageOf, NetworkError, refreshTokens } from './api-client';
import { getSession } from './session';

async function fetchWithToken(path: string): Promise<Response> {
  const token = getSession()?.token;
  try {
    return await fetch(`${API_BASE}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new NetworkError();
  }
}

/**
 * Saves what an authenticated GET answers as a file (a calendar's .ics). A bare link would go without the
 * bearer token, so the file is fetched with it (one refresh on a 401, as every call) and handed to the
 * browser as a Blob.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  let res = await fetchWithToken(path);
  if (res.status === 401 && (await refreshTokens())) res = await fetchWithToken(path);
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a text body is its own message
    }
    throw new ApiError(errorMessageOf(body, res.status), res.status, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the Blob over; a moment later its address can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
