import { Option, type Command } from 'commander';

import { shippingAddressSchema } from '../../contracts/me.js';
import { ROLES, type Role } from '../../contracts/roles.js';
import { saveUserShippingAddress } from '../../modules/admin-users/admin-users.service.js';
import { createUser, grantRole, revokeRole, setAccountApproval } from '../../modules/users/users.service.js';
import { CliInputError, createOutput, withServiceContext } from '../cli-runtime.js';
import { addSecretOption, readSecret, type SecretSpec } from '../secret-input.js';

type ShippingAddressInput = ReturnType<typeof shippingAddressSchema.parse>;

const INITIAL_PASSWORD: SecretSpec = { name: 'password', label: 'the initial password', hasLegacyFlag: true };

const roleOption = () => new Option('--role <role>', 'a role').choices(ROLES).makeOptionMandatory();

/** --address: a JSON object held to the shipping-address contract, the name defaulting to the person's. */
function parseAddressOption(json: string, defaultName: string): ShippingAddressInput {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new CliInputError(
      'users:create: --address must be a JSON object, e.g. \'{"street_line1":"1 Main St","city":"Boston","state":"MA","postal_code":"02115"}\'',
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliInputError('users:create: --address must be a JSON object');
  }
  const parsed = shippingAddressSchema.safeParse({ full_name: defaultName, ...value });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliInputError(
      `users:create: --address ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is invalid'}`,
    );
  }
  return parsed.data;
}

export function registerUserCommands(program: Command): void {
  const create = program
    .command('users:create')
    .description('Create an account with a password, roles and a completed profile')
    .requiredOption('--email <email>', 'sign-in e-mail');
  addSecretOption(create, INITIAL_PASSWORD)
    .addHelpText(
      'after',
      '\nThe password (min. 6 characters) comes from standard input with --password-stdin, e.g.\n' +
        '  printf \'%s\\n\' "$PASSWORD" | npm run cli -- users:create --password-stdin --email …\n' +
        'or, in a terminal without either flag, from a prompt that does not echo it.',
    )
    .requiredOption('--first-name <name>', 'first name')
    .requiredOption('--last-name <name>', 'last name')
    .addOption(
      new Option('--role <role>', 'a role; repeat for several')
        .choices(ROLES)
        .makeOptionMandatory()
        .argParser((value: string, previous: Role[] | undefined) => [...(previous ?? []), value as Role]),
    )
    .option('--department <department>', 'department')
    .option(
      '--address <json>',
      'the shipping address orders are sent to, as JSON: {"street_line1":"1 Main St","city":"Boston","state":"MA","postal_code":"02115"} ' +
        '(also street_line2, country (default US), phone, full_name (default: first and last name)); without it, the person adds it before ordering',
    )
    .option('--approved', 'approve the account at once')
    .option('--json', 'machine-readable output')
    .action(
      async (options: {
        email: string;
        password?: string;
        passwordStdin?: boolean;
        firstName: string;
        lastName: string;
        role: Role[];
        department?: string;
        address?: string;
        approved?: boolean;
        json?: boolean;
      }) => {
        const output = createOutput(Boolean(options.json));
        // Checked before anything is written: a wrong address creates no account.
        const address =
          options.address === undefined
            ? null
            : parseAddressOption(options.address, `${options.firstName} ${options.lastName}`);
        const password = await readSecret(options, INITIAL_PASSWORD);
        await withServiceContext(async (ctx) => {
          const user = await createUser(ctx, {
            email: options.email,
            password,
            firstName: options.firstName,
            lastName: options.lastName,
            roles: options.role,
            department: options.department,
            isApproved: Boolean(options.approved),
          });
          if (address) await saveUserShippingAddress(ctx, user.id, address);
          output.result(
            { ...user, shipping_address: address },
            () =>
              `Created ${user.email} (${user.roles.join(', ')})${user.onboarding_approved ? ', approved' : ', awaiting approval'}` +
              (address
                ? `, ships to ${address.street_line1}, ${address.city} ${address.state} ${address.postal_code}.`
                : '.'),
          );
        });
      },
    );

  program
    .command('users:approve')
    .description('Approve an account that completed onboarding (or take the approval back)')
    .requiredOption('--email <email>', 'the account')
    .option('--notes <notes>', 'approval notes')
    .option('--revoke', 'un-approve instead')
    .option('--json', 'machine-readable output')
    .action(async (options: { email: string; notes?: string; revoke?: boolean; json?: boolean }) => {
      const output = createOutput(Boolean(options.json));
      await withServiceContext(async (ctx) => {
        const result = await setAccountApproval(ctx, {
          email: options.email,
          approved: !options.revoke,
          notes: options.notes,
        });
        output.result(
          result,
          () => `${result.email} is ${result.onboarding_approved ? 'approved' : 'no longer approved'}.`,
        );
      });
    });

  for (const [name, description, change] of [
    ['users:grant-role', 'Give an account a role', grantRole],
    ['users:revoke-role', 'Take a role from an account', revokeRole],
  ] as const) {
    program
      .command(name)
      .description(description)
      .requiredOption('--email <email>', 'the account')
      .addOption(roleOption())
      .option('--json', 'machine-readable output')
      .action(async (options: { email: string; role: Role; json?: boolean }) => {
        const output = createOutput(Boolean(options.json));
        await withServiceContext(async (ctx) => {
          const result = await change(ctx, { email: options.email, role: options.role });
          output.result(
            result,
            () =>
              `${result.email}: ${result.changed ? 'changed' : 'unchanged'}; roles now ${result.roles.join(', ') || 'none'}.`,
          );
        });
      });
  }
}
