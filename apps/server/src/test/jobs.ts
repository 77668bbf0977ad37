import { runDueJobs } from '../features/jobs/index.js';
import { jobHandlers } from '../job-handlers.js';
import { TEST_NOW, type TestContext } from './test-app.js';

/** Runs every job due at the test clock's now, as the background worker would (decision 024). */
export function runJobs(ctx: Pick<TestContext, 'app'>) {
  return runDueJobs(ctx.app.deps, jobHandlers(ctx.app.deps));
}

/**
 * Runs the jobs due `afterMs` past the test clock's start (the commutes' next days made, say), then puts
 * the clock back at the start, where the test's access tokens are valid.
 */
export async function runJobsAfter(ctx: Pick<TestContext, 'app' | 'clock'>, afterMs: number) {
  ctx.clock.set(Date.parse(TEST_NOW) + afterMs);
  await runJobs(ctx);
  ctx.clock.set(TEST_NOW);
}

/** The subjects of the mails queued to an address, oldest first. */
export async function subjectsTo(ctx: Pick<TestContext, 'db'>, address: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('mails')
    .select(['subject', 'id', 'lane'])
    .where('to_address', '=', address)
    .execute();
  return rows.sort((a, b) => a.id - b.id || a.lane.localeCompare(b.lane)).map((r) => r.subject);
}

/** The last lines of a mail that ends with the dashboard link, as mailLinesTo reads them. */
export const ENDS_WITH_DASHBOARD = ['', 'Open your dashboard: http://app.test/dashboard', '', 'SaathChalo'];

/** The mails of one subject queued to an address, each as its lines of text, oldest first. */
export async function mailLinesTo(
  ctx: Pick<TestContext, 'db'>,
  address: string,
  subject: string,
): Promise<string[][]> {
  const rows = await ctx.db
    .selectFrom('mails')
    .select(['text_body', 'id'])
    .where('to_address', '=', address)
    .where('subject', '=', subject)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.text_body.split('\n'));
}
