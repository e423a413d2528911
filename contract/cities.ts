/** Cities offered at sign-up (docs/PRODUCT.md "Categories and cities") with their centre coordinates, used when a professional has none. */
export const CITIES = [
  { name: 'Accra', lat: 5.6037, lng: -0.187 },
  { name: 'Kumasi', lat: 6.6885, lng: -1.6244 },
  { name: 'Tamale', lat: 9.4008, lng: -0.8393 },
  { name: 'Takoradi', lat: 4.8845, lng: -1.7554 },
  { name: 'Cape Coast', lat: 5.1053, lng: -1.2466 },
  { name: 'Sunyani', lat: 7.3399, lng: -2.3268 },
  { name: 'Koforidua', lat: 6.094, lng: -0.2591 },
  { name: 'Ho', lat: 6.6008, lng: 0.4713 },
  { name: 'Wa', lat: 10.0601, lng: -2.5099 },
  { name: 'Bolgatanga', lat: 10.7856, lng: -0.8514 },
] as const;

export type CityName = (typeof CITIES)[number]['name'];
export const CITY_NAMES = CITIES.map((c) => c.name) as CityName[];
export const DEFAULT_CITY = CITIES[0];

/** Coordinates for a professional without their own: their city's centre, else Accra's (docs/PRODUCT.md "Location"). */
/** The city of ours a place's text names ("Kumasi", "kumasi, Adum"), or null. */
export function cityNamed(place: string | null | undefined): (typeof CITIES)[number] | null {
  if (!place) return null;
  const text = place.slice(0, 200).trim().toLowerCase();
  return CITIES.find((c) => text === c.name.toLowerCase() || text.startsWith(`${c.name.toLowerCase()},`)) ?? null;
}

export function fallbackLocation(city: string | null | undefined): {
  lat: number;
  lng: number;
  source: 'city' | 'default';
} {
  const found = cityNamed(city);
  return found
    ? { lat: found.lat, lng: found.lng, source: 'city' }
    : { lat: DEFAULT_CITY.lat, lng: DEFAULT_CITY.lng, source: 'default' };
}
