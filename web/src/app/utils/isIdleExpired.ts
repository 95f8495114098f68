export function isIdleExpired(lastAccess: number | null, idleLimitMinutes: number, now: number): boolean {
  if (lastAccess === null || idleLimitMinutes <= 0) return false;
  return now - lastAccess > idleLimitMinutes * 60_000;
}
