import { homePath } from './homePath';
import { specScreenName } from './specScreens';

const product = 'Openyard';

// The browser tab names the screen, so that a shift's many tabs and the history can be told apart.
export function documentTitleFor(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  let screen: string;
  if (path === '/' || path === '/login' || path === '/enterprise/login') screen = 'Log in';
  else if (path === '/403') screen = 'Access denied';
  else if (path === homePath) screen = 'Home';
  else screen = specScreenName(path) ?? 'Page not found';
  return `${screen} · ${product}`;
}
