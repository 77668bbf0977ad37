import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: repo });
const inFeature = fileURLToPath(new URL('./rides/an-example.ts', import.meta.url));

async function refusedImports(code: string, filePath = inFeature): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the server feature boundary (eslint.config.js)', () => {
  it("refuses another feature's internals, type-only imports and re-exports included", async () => {
    const refused = await refusedImports(
      [
        "import { enqueueMail } from '../mail/outbox.repo.js';",
        "import type { UserRecord } from '../users/users.repo.js';",
        "export { queryTerm } from '../places/place-names.js';",
        "import { insertRide } from '../../features/rides/rides.repo.js';",
        'export const x = [enqueueMail, insertRide];',
        'export type U = UserRecord;',
      ].join('\n'),
    );
    expect(refused).toHaveLength(4);
    expect(refused[0]).toBe(
      "'../mail/outbox.repo.js' import is restricted from being used by a pattern. Import another server feature through its public entry ('../<feature>/index.js') or from features/marketplace.",
    );
  });

  it("allows a feature's public entry, the marketplace core, its own files and lib/", async () => {
    const code = [
      "import { enqueueMail } from '../mail/index.js';",
      "import { lockRide } from '../marketplace/seats.js';",
      "import { takeSeats } from '../../features/marketplace/seats.js';",
      "import { insertBooking } from '../../features/bookings/index.js';",
      "import { presentRide } from './ride-presenter.js';",
      "import { escapeHtml } from '../../lib/html.js';",
      'export const x = [enqueueMail, lockRide, takeSeats, insertBooking, presentRide, escapeHtml];',
    ].join('\n');
    expect(await refusedImports(code)).toEqual([]);
  });
});
