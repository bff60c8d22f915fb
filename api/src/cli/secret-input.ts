import { Option, type Command } from 'commander';

import { CliInputError } from './cli-runtime.js';

/**
 * Secrets (passwords, shared secrets) for CLI commands, kept off the command line, where shell
 * history and the process list (`ps`) would show them. A command declares each secret with
 * `addSecretOption` and reads it with `readSecret`:
 *
 *   --<name>-stdin     read it from standard input (one line per secret, in the order the
 *                      command reads them, so one command can take two secrets from one pipe)
 *   (neither flag)     ask for it without echo when standard input is a terminal
 *   --<name> <value>   the old way: still accepted for now, with a warning on stderr
 */
export interface SecretSpec {
  /** The flag's name without dashes, e.g. 'password' → --password-stdin. */
  name: string;
  /** What the secret is, for help texts, the prompt and errors ("the initial password"). */
  label: string;
  /** Keep the deprecated `--<name> <value>` flag (for flags that existed before). */
  hasLegacyFlag?: boolean;
}

export function addSecretOption(command: Command, spec: SecretSpec): Command {
  command.addOption(new Option(`--${spec.name}-stdin`, `read ${spec.label} from standard input`));
  if (spec.hasLegacyFlag) {
    command.addOption(
      new Option(
        `--${spec.name} <value>`,
        `deprecated: ${spec.label} on the command line (visible in shell history and ps); use --${spec.name}-stdin`,
      ),
    );
  }
  return command;
}

interface SecretIo {
  stdin: NodeJS.ReadStream;
  stderr: NodeJS.WriteStream;
}

const processIo = (): SecretIo => ({ stdin: process.stdin, stderr: process.stderr });

export async function readSecret(
  options: Record<string, unknown>,
  spec: SecretSpec,
  io: SecretIo = processIo(),
): Promise<string> {
  const key = camelCase(spec.name);
  const legacy = options[key];
  const fromStdin = options[`${key}Stdin`] === true;
  if (fromStdin && typeof legacy === 'string') {
    throw new CliInputError(`give ${spec.label} either with --${spec.name}-stdin or --${spec.name}, not both`);
  }
  let secret: string;
  if (fromStdin) {
    const line = (await stdinLines(io.stdin)).shift();
    if (line === undefined)
      throw new CliInputError(`--${spec.name}-stdin: standard input has no line for ${spec.label}`);
    secret = line;
  } else if (typeof legacy === 'string') {
    io.stderr.write(
      `supply-hub: warning: --${spec.name} puts ${spec.label} in your shell history and the process list; ` +
        `pipe it with --${spec.name}-stdin instead (--${spec.name} will be removed in a later release)\n`,
    );
    secret = legacy;
  } else if (io.stdin.isTTY) {
    secret = await promptHidden(io, `${capitalise(spec.label)}: `);
  } else {
    throw new CliInputError(
      `${spec.label} is required: pipe it with --${spec.name}-stdin, or run in a terminal to be asked for it`,
    );
  }
  if (secret === '') throw new CliInputError(`${spec.label} must not be empty`);
  return secret;
}

/** Standard input, read once and split into lines; each secret read takes the next one. */
let pendingLines: Promise<string[]> | undefined;

function stdinLines(stdin: NodeJS.ReadStream): Promise<string[]> {
  pendingLines ??= (async () => {
    let text = '';
    stdin.setEncoding('utf8');
    for await (const chunk of stdin) text += String(chunk);
    const lines = text.split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    return lines;
  })();
  return pendingLines;
}

/** Asks on the terminal without echoing what is typed (raw mode; Ctrl+C aborts with 130). */
function promptHidden({ stdin, stderr }: SecretIo, question: string): Promise<string> {
  return new Promise((resolve) => {
    // Echo goes off before the question shows: an answer typed or pasted the moment the prompt
    // appears must not reach the screen (nor a terminal log).
    stdin.setRawMode(true);
    stderr.write(question);
    let answer = '';
    stdin.setEncoding('utf8');
    stdin.resume();
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stderr.write('\n');
          resolve(answer);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          stderr.write('\n');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else answer += char;
      }
    };
    stdin.on('data', onData);
  });
}

function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
