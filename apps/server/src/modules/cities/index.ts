/** The cities module's public face: The city list: search, lookups by id, distances shown to readers. Other modules import only this file. */
export { citiesPlugin } from './cities.plugin';
export { cityById, cityRef, shownDistance, cityChoice, loadCities, searchCities } from './cities';
