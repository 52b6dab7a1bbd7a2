import { describe, expect, it } from 'vitest';
import { PHONE, create, screenshot, seriousViolations, travellerForThisFile, url } from './browser';

// A stage's destination typed but never picked from the list: saving looks the name up with
// the same search and asks the traveller which place it is (or whether to keep it off the
// map), so no stage ends without a position unless the traveller says so, and no city is
// guessed silently.

const { context, page } = await travellerForThisFile(PHONE);
const tripId = (await create(context, '/api/itineraries', { title: 'Iberia by train' })).id;

const shoot = (name: string) => screenshot(page, `stage-destination-${name}`, { fullPage: true });

interface SavedStage {
  id: string;
  title: string;
  destinationName: string | null;
  lat: number | null;
  lng: number | null;
  countryCode: string | null;
}

async function savedStages(): Promise<SavedStage[]> {
  const response = await context.request.get(url(`/api/itineraries/${tripId}`));
  return ((await response.json()) as { stages: SavedStage[] }).stages;
}

/** Fills the add form with a title and a destination typed, not picked, and sends it. */
async function addTyped(title: string, destination: string, submit = 'Add the stage') {
  const form = page.locator('form[aria-labelledby="add-stage-title"]');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Destination').fill(destination);
  await form.getByLabel('Destination').press('Escape');
  await form.getByRole('button', { name: submit }).click();
  return form;
}

describe('a destination typed without picking it', () => {
  it('asks which place it is, the best match first, and saves the one confirmed', async () => {
    await page.goto(url(`/itinerary/${tripId}/stage`));
    const form = await addTyped('Lisbon days', 'Lisbon');
    const ask = form.getByRole('group', { name: 'Where is “Lisbon”?' });
    await ask.waitFor();
    // Nothing is saved before the traveller answers.
    expect(await savedStages()).toEqual([]);
    // The best match first, marked as such.
    const choices = ask.getByRole('listitem');
    expect(await choices.first().textContent()).toMatch(/^Lisbon, Portugal.*Best match$/);
    await shoot('ask-en');
    expect(await seriousViolations(page), 'asking, en').toEqual([]);
    await ask
      .getByRole('button', { name: /^Lisbon, Portugal/ })
      .first()
      .click();
    await page.getByRole('link', { name: 'Lisbon days', exact: true }).waitFor();
    const [lisbon] = await savedStages();
    expect(lisbon).toMatchObject({ destinationName: 'Lisbon', countryCode: 'PT' });
    expect(lisbon?.lat).toBeCloseTo(38.72, 1);
    expect(lisbon?.lng).toBeCloseTo(-9.13, 1);
  });

  it('lists every match of an ambiguous name to choose from', async () => {
    const form = await addTyped('Springfield', 'Springfield');
    const ask = form.getByRole('group', { name: 'Where is “Springfield”?' });
    const choices = ask.getByRole('listitem').getByRole('button');
    await choices.first().waitFor();
    expect(await choices.count()).toBeGreaterThan(1);
    // Namesakes in one country are told apart by their region: (IL), (MA)…
    const second = (await choices.nth(1).textContent()) ?? '';
    expect(second).toMatch(/^Springfield, United States \([A-Z]{2}\)$/);
    await choices.nth(1).click();
    await page.getByRole('link', { name: 'Springfield', exact: true }).waitFor();
    const saved = (await savedStages()).find((stage) => stage.title === 'Springfield');
    expect(saved).toMatchObject({ destinationName: 'Springfield', countryCode: 'US' });
    expect(saved?.lat).not.toBeNull();
  });

  it('says when no city has the name, and keeps it off the map only when asked to', async () => {
    const form = await addTyped('Somewhere', 'Qqqzzzville');
    const ask = form.getByRole('group', { name: 'Where is “Qqqzzzville”?' });
    await ask.getByText('No city called “Qqqzzzville” was found.').waitFor();
    await shoot('none-en');
    await ask.getByRole('button', { name: 'Save without a map position' }).click();
    await page.getByRole('link', { name: 'Somewhere', exact: true }).waitFor();
    const saved = (await savedStages()).find((stage) => stage.title === 'Somewhere');
    expect(saved).toMatchObject({ destinationName: 'Qqqzzzville', lat: null, lng: null });
  });

  it('asks again when a stage saved without a position is changed', async () => {
    const { id } = await create(context, `/api/itineraries/${tripId}/stages`, {
      title: 'Porto',
      destinationName: 'Porto',
    });
    await page.goto(url(`/de/itinerary/${tripId}/stage/${id}/edit`));
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    const ask = page.getByRole('group', { name: 'Wo liegt „Porto“?' });
    const porto = ask.getByRole('button', { name: /^Porto, Portugal/ }).first();
    await porto.waitFor();
    // The city of that very name first, before the bigger Porto Alegre the search lists first.
    expect(await ask.getByRole('listitem').first().textContent()).toBe(
      'Porto, PortugalBeste Übereinstimmung',
    );
    await shoot('ask-de');
    expect(await seriousViolations(page), 'asking, de').toEqual([]);
    await porto.click();
    await page.waitForURL(url(`/de/itinerary/${tripId}/stage/${id}`));
    const saved = (await savedStages()).find((stage) => stage.id === id);
    expect(saved?.countryCode).toBe('PT');
    expect(saved?.lat).toBeCloseTo(41.15, 1);
  });
});
