// What the benchmarks share about the demo data: the demo password and a cookie-session sign-in.
export const DEMO_PASSWORD = 'SupplyHub-demo-2026';

const SESSION_COOKIE = 'supply_hub.sid';

/**
 * POST /api/auth/login, tried once more when the connection was closed under it: a kept-alive socket
 * the server closed after a long pause (a Lighthouse run) while the request went out. fetch retries
 * no POST by itself; a sign-in is safe to send again.
 */
async function postSignIn(baseUrl, email) {
  const send = () =>
    fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
  try {
    return await send();
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return send();
  }
}

/** Signs in as a demo account and returns the session cookie ("name=value"). */
export async function signInCookie(baseUrl, email) {
  const response = await postSignIn(baseUrl, email);
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  // Sign-in also sets the device cookie of the sign-in throttle: take the session cookie by name.
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`sign-in of ${email} set no ${SESSION_COOKIE} cookie`);
  return session.split(';')[0];
}
