// A landing page is a path of this application, such as /dashboard. The server checks it fully
// against the RolePermissionsUpdate schema; this gives instant feedback on the common mistake.
export function landingPageError(value: string): string | null {
  return value.trim().startsWith('/') ? null : 'A landing page is a path starting with /';
}
