import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

import { REPO_ROOT } from '../config.js';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment a child process gets: no inherited DATABASE_URL unless the test passes one. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _omitted, NODE_OPTIONS: _jestVmModules, ...rest } = process.env;
  return { ...rest, ...extra };
}

/** Runs a TypeScript entry point of the api (through tsx) to completion; `input` is its standard input. */
export function runTs(
  entry: string,
  args: string[],
  env: Record<string, string>,
  options: { input?: string } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawnTs(entry, args, env, { hasInput: options.input !== undefined });
    child.stdin?.end(options.input);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function spawnTs(
  entry: string,
  args: string[],
  env: Record<string, string>,
  options: { hasInput?: boolean } = {},
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', entry), ...args], {
    cwd: REPO_ROOT,
    env: childEnv(env),
    stdio: [options.hasInput ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitForHealthy(
  port: number,
  timeoutMs = 60_000,
  child?: ChildProcess,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  let stderr = '';
  child?.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return (await response.json()) as Record<string, unknown>;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server on port ${port} did not become healthy in ${timeoutMs} ms`);
}

export function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export interface HttpOutcome {
  /** When the request was handed to the socket (Date.now()). */
  sentAt: number;
  finishedAt: number;
  status?: number;
  body?: string;
  /** A connection-level failure instead of a whole response: ECONNREFUSED, ECONNRESET … */
  error?: string;
}

/**
 * One HTTP request through node:http, so a drill controls keep-alive (the agent) and sees the
 * transport error codes that fetch would hide behind "fetch failed". Never rejects.
 */
export function httpCall(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    agent?: http.Agent;
    timeoutMs?: number;
  },
): Promise<HttpOutcome> {
  const sentAt = Date.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    let isDone = false;
    const finish = (outcome: Omit<HttpOutcome, 'sentAt' | 'finishedAt'>) => {
      if (isDone) return;
      isDone = true;
      resolve({ sentAt, finishedAt: Date.now(), ...outcome });
    };
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent,
        headers: {
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 15_000,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => finish({ status: response.statusCode, body }));
        // A response cut off after its headers is a failure of its own kind.
        response.on('aborted', () => finish({ error: `ABORTED_AFTER_HEADERS ${response.statusCode}` }));
        response.on('error', (error: NodeJS.ErrnoException) =>
          finish({ error: `BODY_${error.code ?? error.message}` }),
        );
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
    request.end(payload);
  });
}

/** Signs in over HTTP and returns the session cookie ("name=value"). */
export async function signInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  // The session cookie by name: a sign-in also sets the device cookie.
  return /supply_hub\.sid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? '';
}

/** Keeps what a child process printed, for the message of a failing assertion. */
export function captureOutput(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return () => output.slice(-4000);
}

/** Runs a Node script of the repository (e.g. scripts/ops/*.mjs) to completion. */
export function runNode(script: string, args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, script), ...args], {
      cwd: REPO_ROOT,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
