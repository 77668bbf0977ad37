/**
 * better-sqlite3 answers synchronously, so work that awaits it runs in one turn of the event loop however
 * many statements it makes: a search that reads a busy city to the end of the day held every other
 * request for up to 97 ms of one thread at 1,000,000 rides (decision 028). `turnTaker` gives such work a
 * function to await between its steps: once the turn has run for `budgetMs`, it lets the loop serve what
 * is waiting (setImmediate runs after pending I/O) and starts a new turn. Within the budget it costs a
 * clock read. Searches pass a gate of one on SQLite (lib/gate.ts), so they take turns with other
 * requests, not with each other.
 */
export function turnTaker(budgetMs: number): () => Promise<void> {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    started = performance.now();
  };
}
