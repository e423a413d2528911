/** Great-circle distance with an Earth radius of 3959 miles (docs/PRODUCT.md "Distances"). */
export const EARTH_RADIUS_MILES = 3959;

export interface LatLng {
  lat: number;
  lng: number;
}

export function greatCircleMiles(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Shown as "X miles", rounded to 0.1 mile. */
export const roundMiles = (miles: number): number => Math.round(miles * 10) / 10;
