// The newest `asOf` among widget answers (those without one, or not answered yet, are left out).
export function newestAsOf(answers: readonly unknown[]): number | null {
  let newest: number | null = null;
  for (const answer of answers) {
    const asOf = typeof answer === 'object' && answer !== null ? (answer as { asOf?: unknown }).asOf : undefined;
    if (typeof asOf === 'number' && (newest === null || asOf > newest)) newest = asOf;
  }
  return newest;
}
