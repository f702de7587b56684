import { describe, expect, it } from 'vitest';
import { hostPermissionPattern, needsHostPermission, normalizeServerUrl } from '@/entrypoints/lib/server-url';

describe('server URL setting', () => {
  it('normalises what the user types to an origin', () => {
    expect(normalizeServerUrl(' localhost:8080 ')).toBe('http://localhost:8080');
    expect(normalizeServerUrl('http://localhost:8080/')).toBe('http://localhost:8080');
    expect(normalizeServerUrl('https://OJ.Example.com/problem/1000?x=1#top')).toBe('https://oj.example.com');
    expect(normalizeServerUrl('https://oj.example.com:443')).toBe('https://oj.example.com');
  });

  it('rejects what cannot be a server', () => {
    expect(normalizeServerUrl('')).toBeNull();
    expect(normalizeServerUrl('ftp://example.com')).toBeNull();
    expect(normalizeServerUrl('http://user:pw@example.com')).toBeNull();
    expect(normalizeServerUrl('http://')).toBeNull();
  });

  it('asks for a host permission only beyond the built-in localhost grants', () => {
    expect(needsHostPermission('http://localhost:8080')).toBe(false);
    expect(needsHostPermission('http://127.0.0.1:8290')).toBe(false);
    expect(needsHostPermission('https://localhost')).toBe(true);
    expect(needsHostPermission('http://oj.example.com')).toBe(true);
    expect(hostPermissionPattern('https://oj.example.com:8443')).toBe('https://oj.example.com/*');
  });
});
