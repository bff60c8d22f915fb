/** Copies text; rejects where the browser offers no clipboard (insecure origin, permission refused). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available in this browser.');
  await navigator.clipboard.writeText(text);
}
