import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import { isAdministrator } from '../../../shared/auth/roles.types';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import type { KeyStore } from '../../../shared/auth/key.store';
import { AccountService, AccountSummary } from '../services/account.service';
import { LoginService } from '../services/login.service';
import { Account, JsonWebKeySet, LogonPayload } from './account.type';

function toAccount(summary: AccountSummary): Account {
  const { id, email, fullName, role, permissionLevel, status, wallet } = summary;
  return {
    id,
    email,
    fullName,
    role,
    permissionLevel,
    status,
    wallet: wallet ? { currency: wallet.currency, balance: wallet.balance, overdraftLimit: wallet.overdraftLimit, view: wallet } : null,
  };
}

@Resolver(() => Account)
export class AccountResolver {
  constructor(
    private readonly accounts: AccountService,
    private readonly login: LoginService,
    private readonly keys: KeyStore,
  ) {}

  @Mutation(() => LogonPayload, { description: 'Exchanges email and password for a bearer token' })
  async logon(
    @Arg('email', { description: 'The account email, any case' }) email: string,
    @Arg('password', { description: 'The account password, plain text over TLS (set with 10 to 200 characters; a longer one never matches)' }) password: string,
    @Ctx() { clientAddress }: GraphQLContext,
  ): Promise<LogonPayload> {
    return { token: await this.login.logon(email, password, clientAddress) };
  }

  @Query(() => JsonWebKeySet, { description: 'Public keys that verify tokens; the token header kid selects one' })
  async jwks(): Promise<JsonWebKeySet> {
    return { keys: await this.keys.activeJwks() };
  }

  @Query(() => Account, { description: 'The authenticated account' })
  async me(@Ctx() { req }: GraphQLContext): Promise<Account> {
    const principal = await req.principal();
    const summary = await this.accounts.summaryById(principal.accountId);
    if (!summary) throw PlatformException.unauthenticated();
    return toAccount(summary);
  }

  @Query(() => Account, { nullable: true, description: 'Any account by id, with its trips and wallet: ADMIN and SUDO only; null when there is none' })
  async account(@Arg('id', () => ID, { description: 'Account id' }) id: string, @Ctx() { req }: GraphQLContext): Promise<Account | null> {
    const principal = await req.principal();
    if (!isAdministrator(principal.role)) throw PlatformException.forbidden();
    if (!UUID.test(id)) return null;
    const summary = await this.accounts.summaryById(id);
    return summary ? toAccount(summary) : null;
  }
}

/** Another subgraph's reference to an Account resolves only for that account itself or an administrator. */
export function accountReferenceResolver(accounts: AccountService) {
  return {
    __resolveReference: async (reference: { id: string }, { req }: GraphQLContext) => {
      const principal = await req.principal();
      if (principal.accountId !== reference.id && !isAdministrator(principal.role)) throw PlatformException.forbidden();
      const summary = await accounts.summaryById(reference.id);
      return summary ? toAccount(summary) : null;
    },
  };
}
