/** The display name of a user row. */
export function fullName(first: string, last: string): string {
  return `${first} ${last}`.trim();
}

/** A user's shown rating: the average rounded to one decimal, 0 while nobody has rated them. */
export function ratingOf(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}
