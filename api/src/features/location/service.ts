import type { LocationResult, ReverseGeocodeResponse } from '../../../../contract/location.ts';
import type { Logger } from '../../logger.ts';
import { GeocodeError, type Geocoder } from '../../providers/geocoder.ts';
import { detectCity } from './fallback.ts';

/**
 * Where the coordinates are (docs/PRODUCT.md "Location"): Google's address when a key is
 * configured and Google answers, else the city detected from the coordinates, with the plain
 * words for Google's failure as `notice` (docs/PRODUCT.md "Location": every failure falls back).
 */
export async function reverseGeocode(
  deps: { geocoder: Geocoder | null; logger: Logger },
  coordinates: { lat: number; lng: number },
): Promise<ReverseGeocodeResponse> {
  const { lat, lng } = coordinates;
  const fallback = (): LocationResult => {
    const { city } = detectCity(lat, lng);
    return { coordinates: { lat, lng }, address: `${city}, Ghana`, city, source: 'fallback' };
  };
  if (!deps.geocoder) return { success: true, location: fallback() };
  try {
    const found = await deps.geocoder.reverse(lat, lng);
    return {
      success: true,
      location: {
        coordinates: { lat, lng },
        address: found.address,
        city: found.city ?? detectCity(lat, lng).city,
        source: 'google',
      },
    };
  } catch (err) {
    if (!(err instanceof GeocodeError)) throw err;
    deps.logger.warn(
      { geocode: { reason: err.code, detail: err.detail } },
      'reverse geocoding fell back to city detection',
    );
    return { success: true, location: fallback(), notice: err.message, reason: err.code };
  }
}
