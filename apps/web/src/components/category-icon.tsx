import type { PlaceCategory } from '@jammy/shared/itineraries';
import {
  IconBed,
  IconBike,
  IconBuildingBank,
  IconBuildingCommunity,
  IconBuildingMonument,
  IconGlassCocktail,
  IconMapPin,
  IconShoppingBag,
  IconToolsKitchen2,
  IconTrain,
  IconTrees,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<PlaceCategory, Icon> = {
  sight: IconBuildingMonument,
  museum: IconBuildingBank,
  food: IconToolsKitchen2,
  drink: IconGlassCocktail,
  nature: IconTrees,
  activity: IconBike,
  shopping: IconShoppingBag,
  lodging: IconBed,
  transport: IconTrain,
  city: IconBuildingCommunity,
  other: IconMapPin,
};

/** The pictogram of a place category (decorative: the category is written beside it). */
export function CategoryIcon({ category, size = 16 }: { category: PlaceCategory; size?: number }) {
  const Glyph = ICONS[category];
  return <Glyph size={size} aria-hidden stroke={1.8} />;
}
