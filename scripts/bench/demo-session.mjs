// What the benchmarks share about the demo data: the demo password and a cookie-session sign-in.
export const DEMO_PASSWORD = 'SupplyHub-demo-2026';

/**
 * Signs in as a demo account and returns its cookies as a Cookie header ("name=value; …"): the
 * sign-in also sets a device cookie, and the session cookie is not always the first.
 */
export async function signInCookie(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
