import { CITIES } from '../../../../contract/cities.ts';
import { greatCircleMiles } from '../../../../contract/distance.ts';

/**
 * Coordinate-based city detection, used without a Google key and whenever Google fails
 * (docs/PRODUCT.md "Location"): bounding boxes for the five largest cities, else the nearest of them.
 */
export const FALLBACK_CITY_NAMES = ['Accra', 'Kumasi', 'Tamale', 'Takoradi', 'Cape Coast'] as const;
export type FallbackCityName = (typeof FALLBACK_CITY_NAMES)[number];

export interface BoundingBox {
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * Boxes around each city's centre in contract/cities.ts, wide enough for the metropolitan area
 * (Accra from Kasoa to Tema, Sekondi with Takoradi) and not overlapping one another.
 */
export const CITY_BOXES: Record<FallbackCityName, BoundingBox> = {
  Accra: { south: 5.45, north: 5.85, west: -0.45, east: 0.05 },
  Kumasi: { south: 6.55, north: 6.85, west: -1.78, east: -1.45 },
  Tamale: { south: 9.25, north: 9.55, west: -1.0, east: -0.7 },
  Takoradi: { south: 4.8, north: 5.0, west: -1.85, east: -1.65 },
  'Cape Coast': { south: 5.05, north: 5.2, west: -1.35, east: -1.15 },
};

const CENTRES = FALLBACK_CITY_NAMES.map((name) => {
  const city = CITIES.find((c) => c.name === name);
  if (!city) throw new Error(`contract/cities.ts has no ${name}`);
  return city;
});

const inside = (box: BoundingBox, lat: number, lng: number) =>
  lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east;

export interface DetectedCity {
  city: FallbackCityName;
  matchedBy: 'bounding-box' | 'nearest';
}

export function detectCity(lat: number, lng: number): DetectedCity {
  for (const name of FALLBACK_CITY_NAMES) {
    if (inside(CITY_BOXES[name], lat, lng)) return { city: name, matchedBy: 'bounding-box' };
  }
  let best = CENTRES[0];
  let bestMiles = Number.POSITIVE_INFINITY;
  for (const centre of CENTRES) {
    const miles = greatCircleMiles({ lat, lng }, centre);
    if (miles < bestMiles) {
      best = centre;
      bestMiles = miles;
    }
  }
  return { city: best.name as FallbackCityName, matchedBy: 'nearest' };
}
