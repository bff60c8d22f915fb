// What the benchmarks share about the demo data: the demo password and a cookie-session sign-in.
export const DEMO_PASSWORD = 'SupplyHub-demo-2026';

/** Signs in as a demo account and returns the session cookie ("name=value"). */
export async function signInCookie(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}
