// Plain data, no schema library: the app's worker reads it too.

/**
 * The installed app as a share target (the manifest's `share_target`): a phone's share sheet
 * posts the shared files and text to this path (after the language prefix), as these fields;
 * the app's worker keeps them and opens the inbox, which sends them in as items.
 */
export const INBOX_SHARE = {
  path: '/inbox/share',
  /** The inbox's query parameter naming what was shared (or `unavailable`: no worker). */
  param: 'shared',
  fields: { title: 'title', text: 'text', url: 'url', files: 'files' },
  /** What the share sheet offers to send: mails, PDFs, wallet passes, calendars, text. */
  accept: [
    'message/rfc822',
    '.eml',
    'application/pdf',
    '.pdf',
    'application/vnd.apple.pkpass',
    '.pkpass',
    'text/calendar',
    '.ics',
    'text/plain',
    '.txt',
  ],
} as const;
