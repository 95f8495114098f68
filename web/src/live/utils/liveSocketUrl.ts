// The hub lives on the same origin as the app (the session cookie authenticates the upgrade).
export function liveSocketUrl(location: Location = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/ws`;
}
