// What the benchmarks that submit as the demo doctor share: a fresh demo server, the doctor signed
// in, a PostgreSQL client on the server's embedded database and the doctor's department, and the
// request body of a submission.
import pg from 'pg';

import { signInCookie } from './demo-session.mjs';
import { embeddedDatabaseUrl, withDemoServer } from './server-process.mjs';

export const DOCTOR = 'doctor@demo.supplyhub.test';
/** The storefront's first catalogue request (features/catalogue/api/get-products.ts). */
export const CATALOGUE_PATH = '/api/products?sort=title&page=1&per_page=48';

/**
 * Runs `measure({ server, baseUrl, dataDir, cookie, db, departmentId })` against a fresh built server
 * with the demo data, signed in as the demo doctor; closes the client and stops the server after.
 */
export function withDemoDoctor(name, measure) {
  return withDemoServer(name, async ({ server, baseUrl, dataDir }) => {
    const cookie = await signInCookie(baseUrl, DOCTOR);
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await db.connect();
    try {
      const {
        rows: [doctor],
      } = await db.query(`SELECT p.department_id FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = $1`, [
        DOCTOR,
      ]);
      if (!doctor?.department_id) throw new Error('the demo doctor has no department');
      return await measure({ server, baseUrl, dataDir, cookie, db, departmentId: doctor.department_id });
    } finally {
      await db.end();
    }
  });
}

/** The ASINs of the catalogue's first page as the doctor sees it. */
export async function catalogueAsins(baseUrl, cookie) {
  const response = await fetch(`${baseUrl}${CATALOGUE_PATH}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET ${CATALOGUE_PATH} answered ${response.status}`);
  return (await response.json()).data.map((product) => product.asin);
}

/** A submission of `lines` lines (5 by default), each seed a different window onto the catalogue. */
export function orderBody(asins, seed, lines = 5) {
  return JSON.stringify({
    lines: Array.from({ length: lines }, (_, line) => ({
      asin: asins[(seed + line * 7) % asins.length],
      quantity: 1 + ((seed + line) % 4),
    })),
  });
}
