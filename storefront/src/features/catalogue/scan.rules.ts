/**
 * Whether the search box holds what a barcode scanner typed rather than words: a symbology
 * identifier (]C1, ]d2 …), an AI in parentheses, or a run of 8 or more digits (a GTIN or an
 * element string), after FNC1 in first position if the scanner sends one (the group separator or
 * a stand-in such as {GS}). A scanner ends with Enter, which then adds the pack to the cart.
 */
export function looksLikeScan(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- the group separator is FNC1
  return /^[\s\u001d]*(\{GS\}|<GS>|\^\]|~1)?[\s\u001d]*(\][A-Za-z][0-9A-Za-z]|\(\d{2,4}\)|\d{8,})/.test(text);
}
