// Written at build time by scripts/message-bundles.ts (the messages' loaders).
declare module 'virtual:messages' {
  /** Every namespace of the app: the core one and one per feature with messages. */
  export const NAMESPACES: string[];
  /** The loader of each namespace in each language, by `<language>/<namespace>`. */
  export const loaders: Record<string, () => Promise<Record<string, unknown>>>;
}
