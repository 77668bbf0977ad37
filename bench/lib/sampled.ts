import { createDatabase } from '../../apps/server/dist/db/database.js';
import { sample, sessionUsers, type Samples } from '../scenarios.ts';
import { createSessions } from './tokens.ts';

/** What the scenarios draw from a seeded database, with a live session for each user they sign requests as. */
export async function sampleWithSessions(
  url: string,
  targets: number,
): Promise<{ samples: Samples; sessions: Map<string, string> }> {
  const handle = createDatabase(url);
  try {
    const samples = await sample(handle.db, Date.now(), { targets });
    const sessions = await createSessions(handle.db, sessionUsers(samples), Date.now());
    return { samples, sessions };
  } finally {
    await handle.destroy();
  }
}
