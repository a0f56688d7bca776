import { describe, expect, it } from 'vitest';
import { shortUrl } from './short-url';

describe('shortUrl', () => {
  it('drops the scheme and keeps a short address whole', () => {
    expect(shortUrl('https://pay.example.test/r/1')).toBe('pay.example.test/r/1');
    expect(shortUrl('http://127.0.0.1:4010/')).toBe('127.0.0.1:4010');
  });

  it('shortens a long one in the middle, keeping its start and end', () => {
    const url = 'http://127.0.0.1:4010/receipt/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const short = shortUrl(url);
    expect(short).toHaveLength(36);
    expect(short.startsWith('127.0.0.1:4010/rec')).toBe(true);
    expect(short.endsWith('0c1d2e3f4a5b')).toBe(true);
    expect(short).toContain('…');
    expect(short).not.toContain('http');
  });
});
