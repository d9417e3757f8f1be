/** Bus topics more than one part of the platform names: the publisher and the caches that listen. */

/** The company directory: published by CompanyService after every change; the subgraphs' and the REST layer's caches listen. */
export const COMPANIES_TOPIC = 'companies';

/** Reference data shipped with the code (airports, stations): nothing publishes it, a new release is a new process. */
export const REFERENCE_DATA_TOPIC = 'reference-data';

/**
 * Agent wallets, keyed by account id: published after a wallet is opened (with its account); the ledger's
 * account → wallet currency cache listens. A wallet's currency never changes once opened.
 */
export const WALLETS_TOPIC = 'wallets';
