import amalfiCoast from './amalfi-coast.json';
import capeTownGardenRoute from './cape-town-garden-route.json';
import icelandRingRoad from './iceland-ring-road.json';
import kyotoNara5Days from './kyoto-nara-5-days.json';
import lisbonPorto from './lisbon-porto.json';
import mexicoCityOaxaca from './mexico-city-oaxaca.json';
import moroccoImperialCities from './morocco-imperial-cities.json';
import newYorkLongWeekend from './new-york-long-weekend.json';
import patagonia from './patagonia.json';
import rome3Days from './rome-3-days.json';
import scottishHighlands from './scottish-highlands.json';
import vietnamNorthToSouth from './vietnam-north-to-south.json';

/**
 * The preset catalogue shipped with Jammy. Each file is imported statically so that the
 * server bundle carries it; catalogue.test.ts fails when a file of this folder is missing here.
 */
export const CATALOGUE_FILES: readonly { name: string; data: unknown }[] = [
  { name: 'amalfi-coast.json', data: amalfiCoast },
  { name: 'cape-town-garden-route.json', data: capeTownGardenRoute },
  { name: 'iceland-ring-road.json', data: icelandRingRoad },
  { name: 'kyoto-nara-5-days.json', data: kyotoNara5Days },
  { name: 'lisbon-porto.json', data: lisbonPorto },
  { name: 'mexico-city-oaxaca.json', data: mexicoCityOaxaca },
  { name: 'morocco-imperial-cities.json', data: moroccoImperialCities },
  { name: 'new-york-long-weekend.json', data: newYorkLongWeekend },
  { name: 'patagonia.json', data: patagonia },
  { name: 'rome-3-days.json', data: rome3Days },
  { name: 'scottish-highlands.json', data: scottishHighlands },
  { name: 'vietnam-north-to-south.json', data: vietnamNorthToSouth },
];
