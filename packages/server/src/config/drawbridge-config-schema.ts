import { z } from 'zod';
import { defaultSkillsDirectory } from '../agents/build-agent-profiles.ts';
import { authConfigSchema, exposedWithoutSignIn } from './auth-config-schema.ts';
import { mcpConfigSchema } from './mcp-config-schema.ts';
import { modelConfigSchema } from './model-config-schema.ts';
import { redisConfigSchema } from './redis-config-schema.ts';
import { runsConfigSchema } from './runs-config-schema.ts';
import { serverConfigSchema } from './server-config-schema.ts';
import { noIssuesUnder, someText } from './setting-schemas.ts';
import { storeConfigSchema } from './store-config-schema.ts';

/**
 * Every setting of a Drawbridge server, grouped, with its default. The CLI reads it from the environment
 * (`readConfigFromEnvironment`); a program builds the same object in code and parses it (`parseConfig`), leaving
 * out what it does not change: `parseConfig({ server: { port: 0 } })` is a whole configuration.
 */
export const drawbridgeConfigSchema = z
  .strictObject({
    server: serverConfigSchema.prefault({}),
    model: modelConfigSchema.prefault({}),
    store: storeConfigSchema.prefault({}),
    redis: redisConfigSchema.prefault({}),
    runs: runsConfigSchema.prefault({}),
    auth: authConfigSchema.prefault({}),
    mcp: mcpConfigSchema.prefault({}),
    skills: z
      .strictObject({
        /** `DRAWBRIDGE_SKILLS_DIR`: the folder of `SKILL.md` files; default the server package's `skills/`. */
        directory: someText('the path of a folder of skills').default(defaultSkillsDirectory),
      })
      .prefault({}),
    eval: z
      .strictObject({
        /** `CHROMIUM_PATH`: the browser `drawbridge eval` renders widgets in. */
        chromiumPath: someText('the path of a Chromium executable').default('/usr/bin/chromium'),
      })
      .prefault({}),
  })
  .superRefine(
    ({ server, auth }, context) => {
      const issue = exposedWithoutSignIn({ host: server.host, auth });
      if (issue !== undefined) context.addIssue({ code: 'custom', ...issue });
    },
    // Read only when the host and the auth group parsed, so `auth` has its final shape here; a wrong port
    // elsewhere in `server` does not hide this.
    { when: noIssuesUnder(['server', 'host'], 'auth') },
  );

/** A whole configuration, defaults applied: what the server runs with. */
export type DrawbridgeConfig = z.output<typeof drawbridgeConfigSchema>;

/** What a program writes to build a configuration: every group and setting optional. */
export type DrawbridgeConfigInput = z.input<typeof drawbridgeConfigSchema>;
