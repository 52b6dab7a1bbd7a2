/** The FAQ's groups, in order, each with its questions (ids are the page's anchors). */
export const FAQ_GROUPS = [
  { id: 'planning', items: ['what-is-jammy', 'offline', 'languages'] },
  { id: 'sharing', items: ['share-itinerary', 'roles', 'read-only-links', 'live-changes'] },
  { id: 'presets', items: ['what-are-presets', 'copying'] },
  { id: 'files', items: ['photos', 'storage-limits'] },
  { id: 'account', items: ['what-is-stored', 'export-data', 'delete-account', 'trash'] },
  { id: 'shop', items: ['shop-products', 'payments'] },
  { id: 'hosting', items: ['self-hosting', 'operator'] },
] as const;

export type FaqGroupId = (typeof FAQ_GROUPS)[number]['id'];
export type FaqItemId = (typeof FAQ_GROUPS)[number]['items'][number];

/** Text folded for searching: lower case, without accents or Arabic diacritics. */
export function foldForSearch(text: string): string {
  return (
    text
      .normalize('NFKD')
      // Combining marks (accents), Arabic harakat and the tatweel.
      .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
      .toLocaleLowerCase('en')
      // The Arabic alef with hamza or madda is found by the bare alef; ß by ss.
      .replace(/[\u0622\u0623\u0625]/g, '\u0627')
      .replace(/ß/g, 'ss')
      .replace(/[’‘]/g, "'")
  );
}

/**
 * Whether a question and its answer match what was typed: every word typed must appear
 * (in any order), ignoring case and accents.
 */
export function matchesQuery(haystack: string, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const folded = foldForSearch(haystack);
  return words.every((word) => folded.includes(word));
}

/** The group or question an address's hash names, if any. */
export function anchorOf(hash: string): { group: FaqGroupId; item: FaqItemId | null } | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  for (const group of FAQ_GROUPS) {
    if (group.id === id) return { group: group.id, item: null };
    const item = group.items.find((candidate) => candidate === id);
    if (item) return { group: group.id, item };
  }
  return null;
}
