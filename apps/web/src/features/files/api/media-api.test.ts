import { objectPathProblem } from '@jammy/shared/storage-plain';
import { describe, expect, it } from 'vitest';
import { uploadPath } from './media-api';

describe('uploadPath', () => {
  it('makes a valid, unique object path for each use, whatever the file is called', () => {
    const trip = '01890a5d-ac96-774b-bcce-b302099a8057';
    const names = [
      'IMG 1.JPG',
      '../../etc/passwd',
      'a/b\\c#d[e]*?.pdf',
      '\u0000\n.pdf',
      '..',
      'x'.repeat(400),
    ];
    for (const name of names) {
      for (const use of ['cover', 'photos', 'attachments'] as const) {
        const path = uploadPath(trip, use, name);
        expect(objectPathProblem(path), `${use}: ${name} → ${path}`).toBeNull();
        expect(path.startsWith(`itineraries/${trip}/${use}/`)).toBe(true);
      }
    }
    expect(uploadPath(trip, 'photos', 'IMG 1.JPG')).toMatch(/\/photos\/[0-9a-f-]{36}\.jpg$/);
    expect(uploadPath(trip, 'attachments', 'Train ticket.pdf')).toMatch(
      /\/attachments\/[0-9a-f-]{36}\/Train ticket\.pdf$/,
    );
    expect(uploadPath(trip, 'photos', 'a.jpg')).not.toBe(uploadPath(trip, 'photos', 'a.jpg'));
  });
});
