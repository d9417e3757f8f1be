import type { GraphQLSchema } from 'graphql';
import type { DatabaseModule } from '../shared/database/data-source.factory';
import type { Platform } from '../shared/platform/platform.wiring';
import type { JobDefinition } from '../shared/queue/worker-host.service';
import type { PlatformConfig, SubgraphName } from '../shared/config/platform.config';
import type { NotificationBookingSource } from '../shared/notifications/notification.types';
import type { ReferenceField } from '../shared/http/reference-replies.cache';
import type { RetentionPurge } from '../shared/retention/retention.types';
import type { AnswerShortcuts } from '../shared/http/answer-shortcut.port';

/**
 * The platform as a module's root reads it: the process-wide services, and of the configuration only the settings the
 * module names (its own slice and the shared ones it uses), so they are listed in one place. Every slice was validated
 * once at boot (shared/config/platform.config.ts); the root hands each service the slices it needs, never the whole.
 */
export type ModulePlatform<Settings extends keyof PlatformConfig> = Omit<Platform, 'config'> & { config: Pick<PlatformConfig, Settings> };

/** What each subgraph contributes to the platform: tables, reference data, its schema and its jobs. */
export interface SubgraphModule {
  name: SubgraphName;
  database: DatabaseModule;
  seed(platform: Platform): Promise<Record<string, number>>;
  /** Runs once when the subgraph starts serving (not when only its schema is printed): local resources it needs. */
  prepare?(platform: Platform): Promise<void>;
  /** `shortcuts`: where a serving subgraph takes requests its module answers before Apollo (absent when only printing). */
  buildSchema(platform: Platform, shortcuts?: AnswerShortcuts): Promise<GraphQLSchema>;
  /** Root query fields whose answers the subgraph keeps as sent, forgotten when their topic is invalidated. */
  referenceFields?: readonly ReferenceField[];
  jobs?(platform: Platform): JobDefinition[];
  /** Where the notification worker loads this subgraph's bookings from. */
  notificationSources?(platform: Platform): NotificationBookingSource[];
  /** The retention purges of this subgraph's own tables (run by the retention job, shared/retention). */
  retentionPurges?(platform: Platform): RetentionPurge[];
}
