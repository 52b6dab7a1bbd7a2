// Written at build time by scripts/message-bundles.ts (the messages' loaders).
declare module 'virtual:messages' {
  /** Every namespace of the app: the core one and one per feature with messages. */
  export const NAMESPACES: string[];
  /** The bundle (one file per language) each namespace comes in. */
  export const BUNDLES: Record<string, string>;
  /**
   * Each language's first bundle (the core messages, by namespace), with the loaders of the
   * language's other bundles.
   */
  export const languages: Record<
    string,
    () => Promise<{
      default: Record<string, Record<string, unknown>>;
      bundles: Record<string, () => Promise<{ default: Record<string, Record<string, unknown>> }>>;
    }>
  >;
}
