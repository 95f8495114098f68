// "12 s ago", "4 min ago", "2 h 5 min ago", "3 d 4 h ago"; "never" when nothing was heard.
export function formatAge(sinceMs: number | null, nowMs: number): string {
  if (sinceMs === null) return 'never';
  const seconds = Math.max(0, Math.floor((nowMs - sinceMs) / 1000));
  if (seconds < 2) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min ago` : `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h ago` : `${days} d ago`;
}
