/** The ride fixtures live in src/test, shared by every feature's tests. */
export * from '@/test/ride-fixtures';
