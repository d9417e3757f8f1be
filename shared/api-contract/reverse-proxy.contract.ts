/** The reverse-proxy configuration list's default and maximum page size (the REST GET reads one page of the maximum). */
export const REVERSE_PROXY_PAGE_DEFAULT = 50;
export const REVERSE_PROXY_PAGE_MAX = 1000;
