/**
 * A short-lived, in-process memory of sessions found live (decision 002).
 *
 * Checking the session in the database on every protected request is a large share of the CPU of a cheap
 * call such as a search (measured in decision 018). A session seen live is trusted for `ttlMs` of real time, never past its own
 * expiry. One per app (buildApp). Ending sessions goes through sessions.repo.ts, which tells the app's memory
 * at once, so through this app logout, password reset and account deletion take effect immediately;
 * another app (another process, or a second app in this one) learns of them from the database once its
 * own entry is older than `ttlMs`.
 *
 * A revocation also leaves a marker for `revokedMemoryMs`: until it lapses, the session (or every session
 * of the user) is never remembered again and is always checked in the database. This closes the window in
 * which a request reads the session before the revoking transaction commits (PostgreSQL, read committed)
 * and would otherwise put a stale "live" back into the cache.
 */
export interface SessionLivenessOptions {
  ttlMs?: number;
  max?: number;
  revokedMemoryMs?: number;
  /** Monotonic milliseconds; real time even when the app's clock is fixed in tests. */
  monotonicNow?: () => number;
}

interface Entry {
  userId: string;
  /** The session's own expiry, on the app clock. */
  expiresAt: number;
  /** Monotonic time after which the database is asked again. */
  freshUntil: number;
}

export class SessionLiveness {
  private readonly entries = new Map<string, Entry>();
  /** Session ids and user ids revoked recently in this process, with the monotonic time the marker lapses. */
  private readonly revoked = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly max: number;
  private readonly revokedMemoryMs: number;
  private readonly monotonicNow: () => number;

  constructor(options: SessionLivenessOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.max = options.max ?? 50_000;
    this.revokedMemoryMs = options.revokedMemoryMs ?? 60_000;
    this.monotonicNow = options.monotonicNow ?? (() => performance.now());
  }

  /** True when the session was seen live recently enough; false means "ask the database". */
  isKnownLive(sessionId: string, userId: string, nowMs: number): boolean {
    const entry = this.entries.get(sessionId);
    if (!entry) return false;
    if (entry.userId !== userId || entry.expiresAt <= nowMs || entry.freshUntil <= this.monotonicNow()) {
      this.entries.delete(sessionId);
      return false;
    }
    return true;
  }

  /** Records what the database just said; ignored while a revocation of this session or user is recent. */
  remember(sessionId: string, userId: string, expiresAt: number): void {
    const now = this.monotonicNow();
    if (this.recentlyRevoked(sessionId, now) || this.recentlyRevoked(userId, now)) return;
    if (this.entries.size >= this.max) this.evict(now);
    this.entries.set(sessionId, { userId, expiresAt, freshUntil: now + this.ttlMs });
  }

  forgetSession(sessionId: string): void {
    this.entries.delete(sessionId);
    this.markRevoked(sessionId);
  }

  forgetUser(userId: string): void {
    // Revocations are rare; a pass over at most `max` entries is cheaper than a second index to maintain.
    for (const [id, entry] of this.entries) if (entry.userId === userId) this.entries.delete(id);
    this.markRevoked(userId);
  }

  private markRevoked(key: string): void {
    const now = this.monotonicNow();
    for (const [k, until] of this.revoked) if (until <= now) this.revoked.delete(k);
    this.revoked.set(key, now + this.revokedMemoryMs);
  }

  private recentlyRevoked(key: string, now: number): boolean {
    const until = this.revoked.get(key);
    return until !== undefined && until > now;
  }

  /**
   * Drops stale entries and, when that is not enough, the oldest tenth (Maps iterate in insertion order),
   * so a full cache costs one pass per `max / 10` new sessions rather than one per request.
   */
  private evict(now: number): void {
    for (const [id, entry] of this.entries) if (entry.freshUntil <= now) this.entries.delete(id);
    let excess = this.entries.size - Math.floor(this.max * 0.9);
    for (const id of this.entries.keys()) {
      if (excess-- <= 0) break;
      this.entries.delete(id);
    }
  }
}
