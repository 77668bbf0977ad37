import { runDueJobs } from '../features/jobs/index.js';
import { jobHandlers } from '../job-handlers.js';
import type { TestContext } from './test-app.js';

/** Runs every job due at the test clock's now, as the background worker would (decision 024). */
export function runJobs(ctx: Pick<TestContext, 'app'>) {
  return runDueJobs(ctx.app.deps, jobHandlers(ctx.app.deps));
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
