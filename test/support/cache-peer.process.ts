import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { loadConfig } from '../../shared/config/platform.config';
import { createLogger } from '../../shared/logging/logger';
import { createPlatform } from '../../shared/platform/platform.wiring';
import { AccountStatus } from '../../shared/auth/entities/account.entity';
import { AppError } from '../../shared/errors/app-error.exception';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { CompanyService } from '../../shared/companies/company.service';
import type { PeerCommand } from './cache-peer';

/**
 * A second process over the test's database and Redis, with caches of its own (a verified-token cache, a company
 * directory). Reads one JSON command a line on stdin, answers one JSON line on stdout; prints `READY` once its
 * invalidation subscription is live.
 */
async function main(): Promise<void> {
  const platform = await createPlatform(loadConfig(process.env), DATABASE_MODULES, { logger: createLogger('error') });
  const accounts = createAccountService(platform);
  const companies = new CompanyService(platform.dataSource, platform.invalidations);
  platform.invalidations.start();
  while (!platform.invalidations.trusted()) await new Promise((r) => setTimeout(r, 20));

  const run = async (command: PeerCommand): Promise<unknown> => {
    switch (command.op) {
      case 'verify':
        return platform.tokens.verify(command.token).then(
          (principal) => ({ accepted: true, accountId: principal.accountId }),
          (error: unknown) => {
            if (error instanceof AppError) return { accepted: false, errorCode: error.errorCode };
            throw error;
          },
        );
      case 'revoke':
        return accounts.revokeTokens(command.email).then(({ revoked }) => ({ revoked }));
      case 'disable':
        return accounts.setStatus(command.email, AccountStatus.DISABLED).then(({ status }) => ({ status }));
      case 'retire':
        return platform.keys.retire(command.kid);
      case 'company':
        return { company: await companies.findByUuid(command.uuid) };
      case 'updateCompany':
        return { company: await companies.update(command.uuid, command.patch) };
    }
  };

  process.stdout.write('READY\n');
  for await (const line of createInterface({ input: process.stdin })) {
    const command = JSON.parse(line) as PeerCommand & { id: number };
    const reply = await run(command).then(
      (result) => ({ id: command.id, result }),
      (error: Error) => ({ id: command.id, error: error.message }),
    );
    process.stdout.write(`${JSON.stringify(reply)}\n`);
  }
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
