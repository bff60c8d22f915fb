/**
 * Every limit on a guessable secret or an unauthenticated entry point, in one table
 * (docs/security-sign-in.md explains the policy). Counted in the rate_limits table, so all
 * instances share them. A rule with `maxBlockS` backs off exponentially: each time its key runs
 * out again within a day, the pause doubles (blockS, 2×, 4× … up to maxBlockS).
 */
export interface ThrottleRule {
  /** The key prefix in rate_limits. */
  name: string;
  /** Attempts allowed per window. Per-address rules are multiplied by RATE_LIMIT_ADDRESS_FACTOR. */
  points: number;
  durationS: number;
  /** The pause once the points are spent (the rest of the window when absent). */
  blockS?: number;
  maxBlockS?: number;
  isPerAddress: boolean;
  /** The 429 text; {minutes} is replaced by the wait, rounded up. */
  message: string;
}

const MINUTE = 60;
const SIGN_IN_MESSAGE = 'Too many sign-in attempts. Try again in {minutes} minute(s).';
const REQUEST_MESSAGE = 'Too many requests. Try again in {minutes} minute(s).';

export const THROTTLE_RULES = {
  /** Password guesses on one account from browsers it does not know (a success clears it). */
  signInAccount: {
    name: 'signin-account',
    points: 5,
    durationS: 15 * MINUTE,
    blockS: MINUTE,
    maxBlockS: 60 * MINUTE,
    isPerAddress: false,
    message: SIGN_IN_MESSAGE,
  },
  /** Password guesses from a browser that signed in to this account before (its device cookie). */
  signInDevice: {
    name: 'signin-device',
    points: 10,
    durationS: 15 * MINUTE,
    blockS: MINUTE,
    maxBlockS: 60 * MINUTE,
    isPerAddress: false,
    message: SIGN_IN_MESSAGE,
  },
  /** Failed sign-ins from one address (IPv6 by /64), across accounts: password spraying. */
  signInAddress: {
    name: 'signin-address',
    points: 50,
    durationS: 15 * MINUTE,
    blockS: 5 * MINUTE,
    maxBlockS: 60 * MINUTE,
    isPerAddress: true,
    message: SIGN_IN_MESSAGE,
  },
  /** TOTP and recovery codes of one account: the sign-in step, confirming and disabling. */
  mfaCode: {
    name: 'mfa-code',
    points: 5,
    durationS: 15 * MINUTE,
    blockS: MINUTE,
    maxBlockS: 60 * MINUTE,
    isPerAddress: false,
    message: 'Too many codes tried. Try again in {minutes} minute(s).',
  },
  /** Reset links tried from one address. */
  passwordResetConfirm: {
    name: 'reset-confirm-address',
    points: 10,
    durationS: 15 * MINUTE,
    isPerAddress: true,
    message: REQUEST_MESSAGE,
  },
  passwordResetRequestAddress: {
    name: 'reset-request-address',
    points: 10,
    durationS: 15 * MINUTE,
    isPerAddress: true,
    message: REQUEST_MESSAGE,
  },
  /** Reset e-mails to one address: a few, so a mailbox cannot be flooded. */
  passwordResetRequestEmail: {
    name: 'reset-request-email',
    points: 3,
    durationS: 60 * MINUTE,
    isPerAddress: false,
    message: REQUEST_MESSAGE,
  },
  /** Sign-up links opened from one address. */
  signUpConfirm: {
    name: 'signup-confirm-address',
    points: 10,
    durationS: 15 * MINUTE,
    isPerAddress: true,
    message: REQUEST_MESSAGE,
  },
  signUpAddress: {
    name: 'signup-address',
    points: 10,
    durationS: 60 * MINUTE,
    isPerAddress: true,
    message: REQUEST_MESSAGE,
  },
  signUpEmail: {
    name: 'signup-email',
    points: 3,
    durationS: 60 * MINUTE,
    isPerAddress: false,
    message: REQUEST_MESSAGE,
  },
  ssoDiscovery: {
    name: 'sso-discover-address',
    points: 60,
    durationS: MINUTE,
    isPerAddress: true,
    message: REQUEST_MESSAGE,
  },
  /** Starting a SAML or OpenID Connect sign-in (each writes a pending request). */
  ssoStart: {
    name: 'sso-start-address',
    points: 30,
    durationS: MINUTE,
    isPerAddress: true,
    message: REQUEST_MESSAGE,
  },
  /**
   * Shared-secret guesses on the inbound cXML endpoint, per source address. Taken before the secret
   * is checked and given back when it was right, so only failures add up; a supplier's concurrent
   * senders stay well inside it.
   */
  cxmlInboundSource: {
    name: 'cxml-inbound-address',
    points: 10,
    durationS: 15 * MINUTE,
    blockS: 5 * MINUTE,
    maxBlockS: 60 * MINUTE,
    isPerAddress: true,
    message: 'Too many refused documents from this address. Try again in {minutes} minute(s).',
  },
  demoSignIn: {
    name: 'demo-signin-address',
    points: 30,
    durationS: MINUTE,
    isPerAddress: true,
    message: REQUEST_MESSAGE,
  },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleRuleName = keyof typeof THROTTLE_RULES;

/** The pause after the n-th time (1-based) a back-off rule's key ran out within a day. */
export function backOffSeconds(rule: ThrottleRule, strike: number): number {
  const base = rule.blockS ?? rule.durationS;
  if (!rule.maxBlockS) return base;
  return Math.min(base * 2 ** Math.max(0, strike - 1), rule.maxBlockS);
}

/**
 * The per-address key: an IPv4 address as is (also when IPv4-mapped), an IPv6 address by its
 * /64 network, which one household or site usually holds whole.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
