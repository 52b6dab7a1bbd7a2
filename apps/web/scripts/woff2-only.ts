/**
 * A PostCSS plugin for the app's build: each `@font-face` keeps only its WOFF2 sources.
 * Fontsource's stylesheets also name a WOFF file for each face, for browsers older than any
 * the app runs in (every browser with service workers and ES2022 reads WOFF2); the build then
 * copied 900 such files, 26 MB that no visitor fetches, into every image.
 */
export const woff2Only = {
  postcssPlugin: 'jammy-woff2-only',
  Declaration: {
    src(declaration: { value: string; parent?: { type: string; name?: string } }) {
      const parent = declaration.parent;
      if (parent?.type !== 'atrule' || parent.name !== 'font-face') return;
      const sources = splitSources(declaration.value);
      const kept = sources.filter((source) => !/format\(\s*['"]?woff['"]?\s*\)/i.test(source));
      // A face named only in WOFF keeps it: better a larger file than no font.
      if (kept.length > 0 && kept.length < sources.length) declaration.value = kept.join(', ');
    },
  },
};

/** The comma-separated sources of a `src` descriptor (commas inside `url(…)` are not separators). */
export function splitSources(value: string): string[] {
  const sources: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i];
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      sources.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  sources.push(value.slice(start).trim());
  return sources.filter((source) => source.length > 0);
}
