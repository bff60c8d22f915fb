import { describe, expect, it } from '@jest/globals';

import { linksIn, mailDeliveryOf } from './mail-delivery.rules.js';

describe('mailDeliveryOf', () => {
  it('says mail is not delivered without SMTP outside demo mode, and names the demo mailbox in demo mode', () => {
    expect(mailDeliveryOf({ hasSmtp: false, isDemoMode: false })).toEqual({
      delivery: 'not_delivered',
      message: expect.stringContaining('Sign-up and password-reset mails are not delivered'),
    });
    expect(mailDeliveryOf({ hasSmtp: false, isDemoMode: true }).delivery).toBe('demo_mailbox');
    expect(mailDeliveryOf({ hasSmtp: true, isDemoMode: true }).delivery).toBe('smtp');
    expect(mailDeliveryOf({ hasSmtp: true, isDemoMode: false }).delivery).toBe('smtp');
  });
});

describe('linksIn', () => {
  it('finds each link once, in order, without the sentence around it', () => {
    const text =
      'Open http://127.0.0.1:3000/confirm-sign-up#token=abc_DEF-123.\n' +
      'Or see (https://portal.example/orders?id=1), then https://portal.example/orders?id=1 again';
    expect(linksIn(text)).toEqual([
      'http://127.0.0.1:3000/confirm-sign-up#token=abc_DEF-123',
      'https://portal.example/orders?id=1',
    ]);
    expect(linksIn('No links here.')).toEqual([]);
  });
});
