/**
 * A GTIN-14 of this run with its right GS1 check digit; the indicator digit names the packaging
 * level (0 an each, 1–8 a box or case).
 */
export function freshGtin(indicator = '1'): string {
  const body = `${indicator}${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    sum += Number(body[body.length - 1 - index]) * (index % 2 === 0 ? 3 : 1);
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
