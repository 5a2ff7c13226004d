import type { Migration, MigrationProvider } from 'kysely/migration';
import type { DatabaseDialect } from '../database-dialect.ts';
import { adminsMigration } from './admins-migration.ts';
import { attachmentsMigration } from './attachments-migration.ts';
import { clientRunIdsMigration } from './client-run-ids-migration.ts';
import { durableRunsMigration } from './durable-runs-migration.ts';
import { formAnswersMigration } from './form-answers-migration.ts';
import { initialSchemaMigration } from './initial-schema-migration.ts';
import { messageBranchesMigration } from './message-branches-migration.ts';
import { replyCachedTokensMigration } from './reply-cached-tokens-migration.ts';
import { replyDetailsMigration } from './reply-details-migration.ts';
import { runCachedTokensMigration } from './run-cached-tokens-migration.ts';
import { runEventsMigration } from './run-events-migration.ts';
import { sharesMigration } from './shares-migration.ts';
import { signInMigration } from './sign-in-migration.ts';
import { threadKindsMigration } from './thread-kinds-migration.ts';
import { threadModelsMigration } from './thread-models-migration.ts';
import { threadPlacementMigration } from './thread-placement-migration.ts';
import { widgetRefusalsMigration } from './widget-refusals-migration.ts';
import { widgetRevisionsMigration } from './widget-revisions-migration.ts';
import { widgetStatesMigration } from './widget-states-migration.ts';

/**
 * Every schema version, in order, compiled in rather than read from a folder, so a bundled or installed
 * build always carries exactly the migrations it was tested with. Append new ones; never edit one that shipped.
 */
export function databaseMigrations({ dialect }: { dialect: DatabaseDialect }): Record<string, Migration> {
  return {
    '0001-initial-schema': initialSchemaMigration({ dialect }),
    '0002-durable-runs': durableRunsMigration({ dialect }),
    '0003-reply-details': replyDetailsMigration(),
    '0004-widget-revisions': widgetRevisionsMigration(),
    '0005-sign-in': signInMigration({ dialect }),
    '0006-form-answers': formAnswersMigration(),
    '0007-admins': adminsMigration({ dialect }),
    '0008-client-run-ids': clientRunIdsMigration(),
    '0009-run-events': runEventsMigration({ dialect }),
    '0010-widget-refusals': widgetRefusalsMigration(),
    '0011-thread-kinds': threadKindsMigration(),
    '0012-reply-cached-tokens': replyCachedTokensMigration(),
    '0013-thread-models': threadModelsMigration(),
    '0014-attachments': attachmentsMigration({ dialect }),
    '0015-run-cached-tokens': runCachedTokensMigration(),
    '0016-widget-states': widgetStatesMigration({ dialect }),
    '0017-message-branches': messageBranchesMigration(),
    '0018-thread-placement': threadPlacementMigration({ dialect }),
    '0019-shares': sharesMigration({ dialect }),
  };
}

/** The migrations as Kysely's `Migrator` asks for them. */
export function databaseMigrationProvider({ dialect }: { dialect: DatabaseDialect }): MigrationProvider {
  return { getMigrations: async () => databaseMigrations({ dialect }) };
}
