// The cart's limits, without zod: the frontends' first screens import this file alone.
export const MAX_LINE_QUANTITY = 9999;
