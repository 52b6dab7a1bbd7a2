import type { PresetDetail } from '@jammy/shared/presets';
import type { ListingValues } from '../components/listing-fields';

/** What an admin edits of a Jammy itinerary's listing, with the version it was read at. */
export type AdminListingValues = ListingValues & { published: boolean; version: number };

/**
 * The listing as the admin panel edits it, from the preset as the server sent it (the current
 * one of a conflict too). A preset read without its admin facts has no version to save at: 0,
 * and the panel does not save it.
 */
export function adminListingOf(preset: PresetDetail): AdminListingValues {
  return {
    region: preset.region,
    interests: preset.interests,
    premium: preset.premium,
    published: preset.published,
    version: preset.admin?.version ?? 0,
  };
}
