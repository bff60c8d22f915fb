/** Query keys of the settings screen: the user's own two-step sign-in and shipping address, the company's approval policy. */
export const settingsKeys = {
  all: ['me', 'settings'] as const,
  mfa: () => [...settingsKeys.all, 'mfa'] as const,
  shippingAddress: () => [...settingsKeys.all, 'shipping-address'] as const,
  approvalPolicy: () => [...settingsKeys.all, 'approval-policy'] as const,
};
