/** Bus topics more than one part of the platform names: the publisher and the caches that listen. */

/** The company directory: published by CompanyService after every change; the subgraphs' and the REST layer's caches listen. */
export const COMPANIES_TOPIC = 'companies';

/** Reference data shipped with the code (airports, stations): nothing publishes it, a new release is a new process. */
export const REFERENCE_DATA_TOPIC = 'reference-data';
