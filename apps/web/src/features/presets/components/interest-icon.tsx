import { INTERESTS, type InterestId } from '@jammy/shared/interests-plain';
import {
  IconBeach,
  IconBuildingArch,
  IconBuildingBank,
  IconBuildingCastle,
  IconCamera,
  IconCar,
  IconFriends,
  IconGlassCocktail,
  IconGlassFull,
  IconLeaf,
  IconPalette,
  IconPaw,
  IconShoppingBag,
  IconSparkles,
  IconToolsKitchen2,
  IconTrekking,
  IconYoga,
  type Icon,
} from '@tabler/icons-react';

// The catalogue names Tabler icons; `building-museum` has no glyph of its own in the set we
// ship, so the bank-like facade stands in for it.
const BY_NAME: Record<string, Icon> = {
  'tools-kitchen-2': IconToolsKitchen2,
  palette: IconPalette,
  'building-castle': IconBuildingCastle,
  'building-arch': IconBuildingArch,
  'building-museum': IconBuildingBank,
  leaf: IconLeaf,
  trekking: IconTrekking,
  beach: IconBeach,
  paw: IconPaw,
  'glass-cocktail': IconGlassCocktail,
  'shopping-bag': IconShoppingBag,
  friends: IconFriends,
  yoga: IconYoga,
  camera: IconCamera,
  car: IconCar,
  'glass-full': IconGlassFull,
};

const ICON_OF = Object.fromEntries(
  INTERESTS.map((interest) => [interest.id, BY_NAME[interest.icon] ?? IconSparkles]),
) as Record<InterestId, Icon>;

/** The pictogram of an interest (decorative: its name is always written beside it). */
export function InterestIcon({ interest, size = 16 }: { interest: InterestId; size?: number }) {
  const Glyph = ICON_OF[interest];
  return <Glyph size={size} aria-hidden stroke={1.8} />;
}
