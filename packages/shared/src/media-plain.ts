// The part of media.ts without zod: its limits, which the web app's photo viewer shows. media.ts
// re-exports all of it.

export const MEDIA_LIMITS = { caption: 500, attachmentTitle: 160 } as const;
