import { Option, type Command } from 'commander';

import { ROLES, type Role } from '../../contracts/roles.js';
import { createUser, grantRole, revokeRole, setAccountApproval } from '../../modules/users/users.service.js';
import { createOutput, withServiceContext } from '../cli-runtime.js';
import { addSecretOption, readSecret, type SecretSpec } from '../secret-input.js';

const INITIAL_PASSWORD: SecretSpec = { name: 'password', label: 'the initial password', hasLegacyFlag: true };

const roleOption = () => new Option('--role <role>', 'a role').choices(ROLES).makeOptionMandatory();

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
        approved?: boolean;
        json?: boolean;
      }) => {
        const output = createOutput(Boolean(options.json));
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
          output.result(
            user,
            () =>
              `Created ${user.email} (${user.roles.join(', ')})${user.onboarding_approved ? ', approved' : ', awaiting approval'}.`,
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
