import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('keeps http, https and mailto addresses', () => {
    expect(safeUrl('https://www.japan-guide.com/e/e3900.html')).toBe(
      'https://www.japan-guide.com/e/e3900.html',
    );
    expect(safeUrl('http://example.com')).toBe('http://example.com');
    expect(safeUrl('mailto:ryokan@example.jp')).toBe('mailto:ryokan@example.jp');
    expect(safeUrl('  HTTPS://EXAMPLE.COM  ')).toBe('HTTPS://EXAMPLE.COM');
  });

  it('drops script, data, file and other schemes', () => {
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('JaVaScRiPt:alert(1)')).toBe('');
    expect(safeUrl(' javascript:alert(1)')).toBe('');
    expect(safeUrl('data:text/html,<script>alert(1)</script>')).toBe('');
    expect(safeUrl('vbscript:msgbox(1)')).toBe('');
    expect(safeUrl('file:///etc/passwd')).toBe('');
    expect(safeUrl('tel:+390612345')).toBe('');
  });

  it('drops relative and fragment addresses', () => {
    expect(safeUrl('/account')).toBe('');
    expect(safeUrl('#top')).toBe('');
    expect(safeUrl('notes.html')).toBe('');
    expect(safeUrl('')).toBe('');
  });
});
