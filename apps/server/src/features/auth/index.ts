// The auth feature's public entry: what account deletion needs to end every way into an account.
export { deleteEmailTokensOf } from './email-tokens.repo.js';
export { revokeAllSessions } from './sessions.repo.js';
