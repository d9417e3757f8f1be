import type { DataSource } from 'typeorm';

/** The company table's statements (not reverse_proxy_*): what the company-cache tests count. */
export const COMPANY_SQL = (query: string) => /\bcompany\b/i.test(query) && !/reverse_proxy/i.test(query);

/** Runs fn and answers the SQL statements it sent that `keep` accepts (TypeORM logs every query through the data source's logger). */
export async function sqlDuring(dataSource: DataSource, fn: () => Promise<unknown>, keep: (query: string) => boolean = () => true): Promise<string[]> {
  const logger = dataSource.logger;
  const original = logger.logQuery;
  const seen: string[] = [];
  logger.logQuery = (query, ...rest) => {
    if (keep(query)) seen.push(query);
    return original.call(logger, query, ...rest);
  };
  try {
    await fn();
  } finally {
    logger.logQuery = original;
  }
  return seen;
}
