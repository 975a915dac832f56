/**
 * The one set of migrations, run on start for SQLite and PostgreSQL alike: one file each, named so
 * that they sort in the order they apply. Append new migrations; never edit one that has shipped.
 */
import type { MigrationProvider } from 'kysely';
import { migration as m0001 } from './0001_initial.js';
import { migration as m0002 } from './0002_sessions_live_device.js';
import { migration as m0003 } from './0003_mail_outbox.js';
import { migration as m0004 } from './0004_content.js';
import { migration as m0005 } from './0005_accounts.js';
import { migration as m0006 } from './0006_social.js';
import { migration as m0007 } from './0007_jobs.js';
import { migration as m0008 } from './0008_shared_state.js';
import { migration as m0009 } from './0009_session_devices.js';
import { migration as m0010 } from './0010_links_unverified.js';
import { migration as m0011 } from './0011_order_mail_challenges.js';
import { migration as m0012 } from './0012_back_office.js';
import { migration as m0013 } from './0013_ledger.js';
import { migration as m0014 } from './0014_payouts.js';
import { migration as m0015 } from './0015_analytics.js';
import { migration as m0016 } from './0016_news_slugs.js';
import { migration as m0017 } from './0017_account_security.js';
import { migration as m0020 } from './0020_proof_strength.js';
import { migration as m0021 } from './0021_ways_in_provenance.js';
import { migration as m0022 } from './0022_audit_log_and_referral_review.js';
import { migration as m0023 } from './0023_two_factor_recovery.js';

/** Migrations keyed by name; Kysely applies them in name order. */
export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return {
      '0001_initial': m0001,
      '0002_sessions_live_device': m0002,
      '0003_mail_outbox': m0003,
      '0004_content': m0004,
      '0005_accounts': m0005,
      '0006_social': m0006,
      '0007_jobs': m0007,
      '0008_shared_state': m0008,
      '0009_session_devices': m0009,
      '0010_links_unverified': m0010,
      '0011_order_mail_challenges': m0011,
      '0012_back_office': m0012,
      '0013_ledger': m0013,
      '0014_payouts': m0014,
      '0015_analytics': m0015,
      '0016_news_slugs': m0016,
      '0017_account_security': m0017,
      '0020_proof_strength': m0020,
      '0021_ways_in_provenance': m0021,
      '0022_audit_log_and_referral_review': m0022,
      '0023_two_factor_recovery': m0023,
    };
  },
};
