/** Where the demo mailbox shows one address's mail (kept apart from the API call: the sign-in page links here). */
export function demoMailboxPath(to: string): string {
  return `/demo/mailbox?${new URLSearchParams({ to }).toString()}`;
}
