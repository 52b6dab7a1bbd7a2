/**
 * Dispatched on the document when a prerendered page starts the app to hand itself over to it
 * (enhance.ts): what the page's own script still has under way gives way to the app's.
 */
export const APP_STARTING_EVENT = 'jammy:app-starting';
