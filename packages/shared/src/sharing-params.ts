// The query parameters of sharing, apart from the schemas of sharing.ts: the web app's
// router reads them on every page, and must not carry the schemas (and zod) for that.

/** The query parameter carrying a share-link token (`/itinerary/{id}?share=…`). */
export const SHARE_QUERY_PARAM = 'share';
/** The query parameter carrying an invitation token (`/itineraries?invitation=…`). */
export const INVITATION_QUERY_PARAM = 'invitation';
