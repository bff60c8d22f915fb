import {
  defaultShipToSchema,
  shippingAddressSchema,
  type DefaultShipTo,
  type OwnProfile,
  type ShippingAddress,
} from '../../contracts/me.js';
import { effectiveRole, type Role } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';

const ADDRESS_COLUMNS = [
  'full_name',
  'street_line1',
  'street_line2',
  'city',
  'state',
  'postal_code',
  'country',
  'phone',
] as const;

export async function getOwnShippingAddress(ctx: ServiceContext, userId: string): Promise<ShippingAddress | null> {
  return (
    (await ctx
      .db('shipping_addresses')
      .where({ user_id: userId })
      .first(...ADDRESS_COLUMNS)) ?? null
  );
}

export async function saveOwnShippingAddress(
  ctx: ServiceContext,
  userId: string,
  rawInput: unknown,
): Promise<ShippingAddress> {
  const address = shippingAddressSchema.parse(rawInput);
  const now = ctx.now();
  await ctx.db.transaction(async (trx) => {
    await trx('shipping_addresses')
      .insert({ user_id: userId, ...address, created_at: now, updated_at: now })
      .onConflict('user_id')
      .merge({ ...address, updated_at: now });
    await recordAudit(ctx, { action: 'shipping_address.save', targetType: 'user', targetId: userId }, trx);
  });
  return address;
}

export async function saveDefaultShipTo(
  ctx: ServiceContext,
  userId: string,
  rawInput: unknown,
): Promise<DefaultShipTo> {
  const { default_ship_to: defaultShipTo } = defaultShipToSchema.parse(rawInput);
  const updated = await ctx
    .db('profiles')
    .where({ user_id: userId })
    .update({ default_ship_to: defaultShipTo, updated_at: ctx.now() });
  if (updated === 0) throw AppError.notFound('Profile not found', 'PROFILE_NOT_FOUND');
  return { default_ship_to: defaultShipTo };
}

/** The Profile screen's read-only data: personal info, account status and the provider card. */
export async function getOwnProfile(
  ctx: ServiceContext,
  user: { userId: string; email: string; roles: Role[] },
): Promise<OwnProfile> {
  const profile = await ctx
    .db('profiles')
    .where({ user_id: user.userId })
    .first(
      'username',
      'first_name',
      'last_name',
      'phone',
      'department',
      'default_ship_to',
      'years_experience',
      'onboarding_completed',
      'onboarding_approved',
      'npi',
      'license_number',
      'specialty',
      'practice_address',
    );
  if (!profile) throw AppError.notFound('Profile not found', 'PROFILE_NOT_FOUND');
  return { ...profile, email: user.email, roles: user.roles, effective_role: effectiveRole(user.roles) };
}
