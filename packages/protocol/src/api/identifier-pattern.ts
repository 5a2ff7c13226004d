/**
 * What every id the API names is made of (threads, runs, widgets, links, files): 1-128 characters of A-Z, a-z,
 * 0-9, `_` and `-`, so an id never needs escaping in a URL or a log line.
 */
export const identifierPattern = /^[A-Za-z0-9_-]{1,128}$/;
