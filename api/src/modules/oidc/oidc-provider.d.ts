/**
 * oidc-provider (a dev dependency, the OpenID provider of the tests) ships no types and no
 * @types package is installed: these are the few members test-support/oidc-test-provider.ts uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderContext {
    path: string;
    status: number;
    body: unknown;
  }

  export interface Interaction {
    readonly uid: string;
    params: Record<string, unknown>;
    result?: Record<string, unknown>;
    returnTo: string;
    /** Saves it again with its remaining lifetime. */
    persist(): Promise<string>;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    /** Returns the grant id. */
    save(): Promise<string>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    findAccount?: (context: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    [option: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    readonly Interaction: { find(uid: string): Promise<Interaction | undefined> };
    readonly Grant: new (properties: { accountId: string; clientId: string }) => Grant;
    /** Koa middleware, run before the provider's own routes. */
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
