/**
 * From this many places a trip's timeline draws only the stages near the screen (and keeps
 * the space of the others): a trip of a thousand places opens and scrolls as fast as a short
 * one. A stage chosen on the map, or one of its places, is brought into view and drawn. A
 * shorter trip (10 stages of 10 places) is drawn whole, in a render React may pause: in
 * Lighthouse's runs that kept its blocking time lower than drawing it in view (415 against
 * 652 ms, three runs each).
 */
export const VIRTUAL_TIMELINE_PLACES = 200;
