/** How an environment variable's text becomes a setting's value. */
export type EnvironmentReading = 'text' | 'number' | 'list' | 'flag' | 'signUp';

/** One environment variable and the setting it fills. */
export interface EnvironmentVariable {
  name: string;
  /** Where its value goes in the configuration (`DrawbridgeConfigInput`). */
  path: readonly string[];
  reading: EnvironmentReading;
  /** A key, password or URL that may carry one: never repeated in a message. */
  secret?: true;
}

/** Every environment variable Drawbridge reads, once, here; README and docs/deployment.md describe each. */
export const environmentVariables: readonly EnvironmentVariable[] = [
  { name: 'PORT', path: ['server', 'port'], reading: 'number' },
  { name: 'HOST', path: ['server', 'host'], reading: 'text' },
  { name: 'DRAWBRIDGE_ALLOWED_HOSTS', path: ['server', 'allowedHosts'], reading: 'list' },
  { name: 'DRAWBRIDGE_MAX_CONNECTIONS', path: ['server', 'maxConnections'], reading: 'number' },
  { name: 'DRAWBRIDGE_SHUTDOWN_GRACE_MS', path: ['server', 'shutdownGraceMs'], reading: 'number' },
  { name: 'DRAWBRIDGE_MODEL', path: ['model', 'id'], reading: 'text' },
  { name: 'DRAWBRIDGE_MODELS', path: ['model', 'choices'], reading: 'list' },
  { name: 'DRAWBRIDGE_DEMO_PACE', path: ['model', 'demoPace'], reading: 'number' },
  { name: 'OPENAI_API_KEY', path: ['model', 'openai', 'apiKey'], reading: 'text', secret: true },
  { name: 'OPENAI_BASE_URL', path: ['model', 'openai', 'baseUrl'], reading: 'text' },
  { name: 'ANTHROPIC_API_KEY', path: ['model', 'anthropic', 'apiKey'], reading: 'text', secret: true },
  { name: 'ANTHROPIC_BASE_URL', path: ['model', 'anthropic', 'baseUrl'], reading: 'text' },
  { name: 'DRAWBRIDGE_BASE_URL', path: ['model', 'openaiCompatible', 'baseUrl'], reading: 'text' },
  {
    name: 'DRAWBRIDGE_API_KEY',
    path: ['model', 'openaiCompatible', 'apiKey'],
    reading: 'text',
    secret: true,
  },
  { name: 'DRAWBRIDGE_DB', path: ['store', 'sqlitePath'], reading: 'text' },
  { name: 'DRAWBRIDGE_DATABASE_URL', path: ['store', 'databaseUrl'], reading: 'text', secret: true },
  { name: 'DRAWBRIDGE_RETENTION_DAYS', path: ['store', 'retentionDays'], reading: 'number' },
  { name: 'DRAWBRIDGE_REDIS_URL', path: ['redis', 'url'], reading: 'text', secret: true },
  { name: 'DRAWBRIDGE_RUN_TIMEOUT_MS', path: ['runs', 'timeoutMs'], reading: 'number' },
  { name: 'DRAWBRIDGE_RUN_LEASE_MS', path: ['runs', 'leaseMs'], reading: 'number' },
  { name: 'DRAWBRIDGE_TOOL_TIMEOUT_MS', path: ['runs', 'toolTimeoutMs'], reading: 'number' },
  { name: 'DRAWBRIDGE_AUTO_REPAIR', path: ['runs', 'autoRepair'], reading: 'flag' },
  { name: 'DRAWBRIDGE_FORBID_CODE', path: ['runs', 'forbidCode'], reading: 'flag' },
  { name: 'DRAWBRIDGE_TRUSTED_LINK_HOSTS', path: ['runs', 'trustedLinkHosts'], reading: 'list' },
  { name: 'DRAWBRIDGE_AUTH', path: ['auth', 'modes'], reading: 'list' },
  { name: 'DRAWBRIDGE_AUTH_SECRET', path: ['auth', 'secret'], reading: 'text', secret: true },
  { name: 'DRAWBRIDGE_PUBLIC_URL', path: ['auth', 'publicUrl'], reading: 'text' },
  { name: 'DRAWBRIDGE_SIGN_UP', path: ['auth', 'signUp'], reading: 'signUp' },
  { name: 'DRAWBRIDGE_ADMIN_EMAILS', path: ['auth', 'adminEmails'], reading: 'list' },
  { name: 'DRAWBRIDGE_OIDC_ISSUER', path: ['auth', 'oidc', 'issuer'], reading: 'text' },
  { name: 'DRAWBRIDGE_OIDC_CLIENT_ID', path: ['auth', 'oidc', 'clientId'], reading: 'text' },
  {
    name: 'DRAWBRIDGE_OIDC_CLIENT_SECRET',
    path: ['auth', 'oidc', 'clientSecret'],
    reading: 'text',
    secret: true,
  },
  { name: 'DRAWBRIDGE_OIDC_NAME', path: ['auth', 'oidc', 'name'], reading: 'text' },
  { name: 'DRAWBRIDGE_OIDC_SCOPES', path: ['auth', 'oidc', 'scopes'], reading: 'list' },
  { name: 'DRAWBRIDGE_TRUSTED_PROXIES', path: ['auth', 'proxy', 'trustedProxies'], reading: 'list' },
  { name: 'DRAWBRIDGE_PROXY_USER_HEADER', path: ['auth', 'proxy', 'userHeader'], reading: 'text' },
  { name: 'DRAWBRIDGE_SMTP_URL', path: ['auth', 'mail', 'smtpUrl'], reading: 'text', secret: true },
  { name: 'DRAWBRIDGE_MAIL_FROM', path: ['auth', 'mail', 'from'], reading: 'text' },
  { name: 'DRAWBRIDGE_RUNS_PER_MINUTE', path: ['auth', 'limits', 'runsPerMinute'], reading: 'number' },
  { name: 'DRAWBRIDGE_TOKENS_PER_DAY', path: ['auth', 'limits', 'tokensPerDay'], reading: 'number' },
  { name: 'DRAWBRIDGE_MCP_CONFIG', path: ['mcp', 'configFile'], reading: 'text' },
  { name: 'DRAWBRIDGE_SANDBOX_PORT', path: ['mcp', 'sandboxPort'], reading: 'number' },
  { name: 'DRAWBRIDGE_SANDBOX_ORIGIN', path: ['mcp', 'sandboxOrigin'], reading: 'text' },
  { name: 'DRAWBRIDGE_MCP_ALLOWED_ORIGINS', path: ['mcp', 'allowedOrigins'], reading: 'list' },
  { name: 'DRAWBRIDGE_SKILLS_DIR', path: ['skills', 'directory'], reading: 'text' },
  { name: 'CHROMIUM_PATH', path: ['eval', 'chromiumPath'], reading: 'text' },
];

/** The text of a variable as the setting's value; what cannot be read stays text, for the schema to refuse by name. */
export function readEnvironmentValue(reading: EnvironmentReading, text: string): unknown {
  const trimmed = text.trim();
  switch (reading) {
    case 'text':
      return trimmed;
    case 'number': {
      const value = Number(trimmed);
      return Number.isFinite(value) ? value : trimmed;
    }
    case 'list':
      // Commas separate entries; scopes are often written with spaces, as OAuth writes them.
      return trimmed.split(/[,\s]+/).filter((entry) => entry !== '');
    case 'flag':
      return trimmed === '1' ? true : trimmed === '0' ? false : trimmed;
    case 'signUp': {
      const lowered = trimmed.toLowerCase();
      return lowered === 'open' || lowered === 'closed' ? lowered : readEnvironmentValue('list', trimmed);
    }
    default: {
      const exhaustiveCheck: never = reading;
      throw new Error(`unknown reading ${String(exhaustiveCheck)}`);
    }
  }
}
