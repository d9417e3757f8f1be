/** The reverse-proxy configuration list's default and maximum page size (the REST GET reads one page of the maximum). */
export const REVERSE_PROXY_PAGE_DEFAULT = 50;
export const REVERSE_PROXY_PAGE_MAX = 1000;
/** The longest domain a request may name: a host name of 253 characters and a trailing dot. */
export const REVERSE_PROXY_DOMAIN_MAX_LENGTH = 254;
/** The largest metadata object a configuration keeps, as JSON. */
export const REVERSE_PROXY_METADATA_MAX_BYTES = 8192;
