import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';

/**
 * Resolves our packages to their TypeScript sources (their `drawbridge-source` export condition), so tests run
 * what is in src/ without a build, and never a stale dist/. Published, the packages resolve to dist/.
 */
export const sourceConditions = {
  resolve: { conditions: ['drawbridge-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['drawbridge-source', ...defaultServerConditions] } },
} satisfies UserConfig;
