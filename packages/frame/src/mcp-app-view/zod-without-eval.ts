import { config } from 'zod/v4';

/**
 * The App client validates messages with zod, which probes for `new Function` the first time it parses (and
 * compiles object parsers with it). A view's policy forbids eval, so the probe would be a CSP violation,
 * reported as a widget error on every load; zod's `jitless` mode parses without eval. Imported first.
 */
config({ jitless: true });
