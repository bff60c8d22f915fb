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
import * as queries from './me.queries.js';

export async function getOwnShippingAddress(ctx: ServiceContext, userId: string): Promise<ShippingAddress | null> {
  return (await queries.selectShippingAddress(ctx.db, userId)) ?? null;
}

export async function saveOwnShippingAddress(
  ctx: ServiceContext,
  userId: string,
  rawInput: unknown,
): Promise<ShippingAddress> {
  const address = shippingAddressSchema.parse(rawInput);
  const now = ctx.now();
  await ctx.db.transaction(async (trx) => {
    await queries.upsertShippingAddress(trx, userId, address, now);
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
  const updated = await queries.updateDefaultShipTo(ctx.db, userId, defaultShipTo, ctx.now());
  if (updated === 0) throw AppError.notFound('Profile not found', 'PROFILE_NOT_FOUND');
  return { default_ship_to: defaultShipTo };
}

/** The Profile screen's read-only data: personal info, account status and the provider card. */
export async function getOwnProfile(
  ctx: ServiceContext,
  user: { userId: string; email: string; roles: Role[] },
): Promise<OwnProfile> {
  const profile = await queries.selectOwnProfile(ctx.db, user.userId);
  if (!profile) throw AppError.notFound('Profile not found', 'PROFILE_NOT_FOUND');
  return { ...profile, email: user.email, roles: user.roles, effective_role: effectiveRole(user.roles) };
}
