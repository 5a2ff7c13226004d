/** The hash of the Account page (`AccountControl` links there; the router opens it). */
export const accountHash = '#/account';
