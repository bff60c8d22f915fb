// What the benchmarks share about the demo data: the demo password and a cookie-session sign-in.
export const DEMO_PASSWORD = 'SupplyHub-demo-2026';
/** The session cookie's name (SESSION_COOKIE in api/src/http/sessions.ts). */
const SESSION_COOKIE = 'supply_hub.sid';

/** Signs in as a demo account and returns the session cookie ("name=value"). */
export async function signInCookie(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  // By name: a sign-in also sets the device cookie, and that one comes first.
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`sign-in of ${email} set no ${SESSION_COOKIE} cookie`);
  return session.split(';')[0];
}
