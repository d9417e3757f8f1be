import type { EntityManager } from 'typeorm';

/**
 * Runs work in one database transaction and hands it the transaction's EntityManager for the repositories it calls.
 * What a service needs of the database: a TypeORM DataSource is one as it is, so a module's composition root passes
 * its data source and the service sees nothing else of it.
 */
export interface Transactor {
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T>;
}

/** What a repository needs to run SQL: a DataSource, or the EntityManager of a transaction. */
export type Queryable = Pick<EntityManager, 'query'>;
