import { describe, expect, it } from 'vitest';
import { documentTitleFor } from './documentTitleFor';

describe('documentTitleFor', () => {
  it('names the screen of the path, enterprise paths included', () => {
    expect(documentTitleFor('/users')).toBe('Users · Openyard');
    expect(documentTitleFor('/containers/')).toBe('Containers · Openyard');
    expect(documentTitleFor('/enterprise/containers/inventory')).toBe('Inventory · Openyard');
    expect(documentTitleFor('/main')).toBe('Home · Openyard');
    expect(documentTitleFor('/')).toBe('Log in · Openyard');
    expect(documentTitleFor('/403')).toBe('Access denied · Openyard');
    expect(documentTitleFor('/no-such-screen')).toBe('Page not found · Openyard');
    expect(documentTitleFor('/tasks')).toBe('Tasks · Openyard');
    expect(documentTitleFor('/terminal/RS%2001')).toBe('Terminal RS 01 · Openyard');
    expect(documentTitleFor('/terminal/%E0%A4%A')).toBe('Page not found · Openyard');
  });
});
