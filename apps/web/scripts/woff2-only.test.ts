import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { splitSources, woff2Only } from './woff2-only';

const run = async (css: string) =>
  (await postcss([woff2Only]).process(css, { from: undefined })).css;

describe('woff2Only', () => {
  it("keeps a face's WOFF2 source and drops its WOFF fallback", async () => {
    const css = await run(
      "@font-face{font-family:'Noto Sans JP';src:url(./files/jp-400.woff2) format('woff2'),url(./files/jp-400.woff) format('woff');unicode-range:U+25ee8}",
    );
    expect(css).toContain("url(./files/jp-400.woff2) format('woff2')");
    expect(css).not.toContain('.woff)');
    expect(css).toContain('unicode-range:U+25ee8');
  });

  it('leaves a face named only in WOFF, and a src outside @font-face, as they are', async () => {
    const onlyWoff = "@font-face{src:url(a.woff) format('woff')}";
    expect(await run(onlyWoff)).toBe(onlyWoff);
    const other = ".x{src:url(a.woff2) format('woff2'),url(a.woff) format('woff')}";
    expect(await run(other)).toBe(other);
  });

  it('splits sources on top-level commas only', () => {
    expect(splitSources("url('a,b.woff2') format('woff2'), local(Noto)")).toEqual([
      "url('a,b.woff2') format('woff2')",
      'local(Noto)',
    ]);
  });
});
