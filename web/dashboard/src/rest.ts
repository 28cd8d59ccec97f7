import { ApiFailure } from './gql';

/**
 * The few REST calls the app makes: sign-in (challenge, signature, the development one-click) and sign-out, which
 * set or clear the HttpOnly session cookie. Same origin; the browser sends the Origin header the server checks.
 */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new ApiFailure('NETWORK', 'The service could not be reached. Check your connection and try again.');
  }
  const text = await res.text();
  const json = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const e = (json as { error?: { code?: string; message?: string; requestId?: string } } | undefined)?.error;
    throw new ApiFailure(e?.code ?? 'INTERNAL', e?.message ?? `HTTP ${res.status}`, e?.requestId);
  }
  return json as T;
}
