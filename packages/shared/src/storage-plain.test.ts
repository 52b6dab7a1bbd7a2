import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ITINERARY_FOLDERS, objectPathProblem, objectSpace } from './storage-plain';

const TRIP = '01890a5d-ac96-774b-bcce-b302099a8057';

/** Each letter of `word` in upper or lower case, as `flags` says. */
function cased(word: string, flags: boolean[]): string {
  return [...word].map((char, index) => (flags[index] ? char.toUpperCase() : char)).join('');
}

describe('one spelling of the names that decide access', () => {
  it('takes the canonical paths', () => {
    for (const folder of ITINERARY_FOLDERS) {
      expect(objectPathProblem(`itineraries/${TRIP}/${folder}/a.png`)).toBeNull();
    }
    expect(objectPathProblem(`itineraries/${TRIP}/notes/A.PDF`)).toBeNull();
    expect(objectPathProblem(`users/${TRIP}/Passport.pdf`)).toBeNull();
    // Names of no meaning keep their case.
    expect(objectPathProblem('Elsewhere/X.pdf')).toBeNull();
  });

  it('refuses every other casing of the space, the id and the meaningful folders', () => {
    const flags = fc.array(fc.boolean(), { minLength: 36, maxLength: 36 });
    fc.assert(
      fc.property(
        fc.constantFrom('itineraries', 'users'),
        fc.constantFrom(...ITINERARY_FOLDERS),
        flags,
        flags,
        flags,
        (space, folder, spaceCase, idCase, folderCase) => {
          const path = `${cased(space, spaceCase)}/${cased(TRIP, idCase)}/${cased(folder, folderCase)}/a.png`;
          const canonical =
            cased(space, spaceCase) === space &&
            cased(TRIP, idCase) === TRIP &&
            (space === 'users' || cased(folder, folderCase) === folder);
          expect(objectPathProblem(path) === null).toBe(canonical);
          // Only a canonical path names a trip or a traveller at all.
          if (!canonical) expect(objectSpace(path)).toEqual({ kind: 'other' });
        },
      ),
    );
  });

  it('refuses compatibility forms of the same words (full-width letters and digits)', () => {
    const wide = (text: string) =>
      text.replace(/[0-9a-z]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
    expect(objectPathProblem(`${wide('itineraries')}/${TRIP}/photos/a.png`)).toMatch(/lower case/);
    expect(objectPathProblem(`itineraries/${wide(TRIP)}/photos/a.png`)).toMatch(/lower case/);
    expect(objectPathProblem(`itineraries/${TRIP}/${wide('attachments')}/a.pdf`)).toMatch(
      /attachments/,
    );
  });
});
