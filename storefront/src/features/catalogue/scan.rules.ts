/**
 * Whether the search box holds what a barcode scanner typed rather than words: a symbology
 * identifier (]C1, ]d2 …), an AI in parentheses, or a run of 8 or more digits (a GTIN or an
 * element string). A scanner ends with Enter, which then adds the pack to the cart.
 */
export function looksLikeScan(text: string): boolean {
  return /^\s*(\][A-Za-z]\d|\(\d{2,4}\)|\d{8,})/.test(text);
}
