import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../../test/accounts.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { UPLOADS_AT_ONCE } from './upload-limits.js';

const BUDGET_MB = 250;
/**
 * The built server (`npm start`) idles at 124 MB once it has resized a first picture. Run from its
 * sources, as here, it carries about 50 MB more (the loader thread and the TypeScript transformer) that
 * production does not, so the test holds what the uploads add to the warm server to what the budget
 * leaves the built one.
 */
const BUILT_WARM_IDLE_MB = 124;

/** VmRSS: resident now; VmHWM: the most ever resident, from the kernel's own record. */
function residentMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(kb?.[1]) / 1024;
}

/** Bursts of the costliest pictures allowed, which unbounded decoding let past the budget (decision 014). */
describe('a burst of huge picture uploads', () => {
  let dir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'saathchalo-uploads-'));
    // Started as `npm start` starts it (package.json), from the sources.
    server = await startServerProcess(
      {
        JWT_SECRET: 'upload-memory-secret-0123456789abcdefghijkl',
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: `sqlite:${join(dir, 'uploads.db')}`,
        MALLOC_ARENA_MAX: '2',
      },
      ['--max-semi-space-size=8', '--max-old-space-size=192'],
    );
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function burst(token: string, photo: Buffer, type: string, uploads = 16) {
    const form = () => {
      const body = new FormData();
      body.append('file', new Blob([photo], { type }), 'photo');
      return body;
    };
    return Promise.all(
      Array.from({ length: uploads }, async () => {
        const answer = await fetch(`${server.base}/api/users/profile/picture`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form(),
        });
        return answer.status;
      }),
    );
  }

  it(`keeps the server within its ${BUDGET_MB} MB budget through bursts of 16 of the costliest pictures`, async () => {
    const res = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newAccount()),
    });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    const canvas = (width: number, height: number, channels: 3 | 4) =>
      sharp({ create: { width, height, channels, background: '#3a7' } });
    // One colour compresses to a small file that still costs every pixel to decode: the cheap attack.
    const forty = await canvas(8000, 5000, 3).png().toBuffer();
    // The costliest pictures accepted: a 12 MP RGBA PNG, a 4 MP progressive JPEG without chroma
    // subsampling and a 4 MP GIF.
    const costliest = [
      { type: 'image/png', photo: await canvas(4000, 3000, 4).png().toBuffer() },
      {
        type: 'image/jpeg',
        photo: await canvas(2000, 2000, 3).jpeg({ progressive: true, chromaSubsampling: '4:4:4' }).toBuffer(),
      },
      { type: 'image/gif', photo: await canvas(2000, 2000, 3).gif().toBuffer() },
    ];
    expect(await burst(token, await canvas(64, 64, 3).png().toBuffer(), 'image/png', 1)).toEqual([200]);

    const pid = server.child.pid!;
    const warm = residentMb(pid, 'VmRSS');
    let peak = warm;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid, 'VmRSS'))), 5);
    const refused = await burst(token, forty, 'image/png');
    const accepted = [];
    for (const { type, photo } of costliest) accepted.push(await burst(token, photo, type));
    clearInterval(sampler);
    console.log(
      `warm ${warm.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (VmHWM ${residentMb(pid, 'VmHWM').toFixed(0)}); ` +
        `answers ${[refused, ...accepted].join(' | ')}`,
    );

    // Refused from the header alone (400), or before that when eight uploads are already in (503).
    expect(refused.every((status) => status === 400 || status === 503)).toBe(true);
    for (const answers of accepted) {
      expect(answers.filter((status) => status === 200).length).toBeGreaterThanOrEqual(UPLOADS_AT_ONCE);
      expect(answers.every((status) => status === 200 || status === 503)).toBe(true);
    }
    expect(peak - warm).toBeLessThan(BUDGET_MB - BUILT_WARM_IDLE_MB);
  }, 60_000);
});
