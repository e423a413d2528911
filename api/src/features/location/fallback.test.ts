import { describe, expect, it } from 'vitest';
import { CITIES } from '../../../../contract/cities.ts';
import { CITY_BOXES, detectCity, FALLBACK_CITY_NAMES } from './fallback.ts';

const centre = (name: string) => {
  const city = CITIES.find((c) => c.name === name);
  if (!city) throw new Error(name);
  return city;
};

describe('detectCity (city detection without Google)', () => {
  it.each([
    ['Accra', 5.6037, -0.187], // centre
    ['Accra', 5.6698, -0.0166], // Tema
    ['Accra', 5.5571, -0.1818], // Osu
    ['Kumasi', 6.6885, -1.6244],
    ['Kumasi', 6.7, -1.55], // east of the centre
    ['Tamale', 9.4008, -0.8393],
    ['Tamale', 9.45, -0.9],
    ['Takoradi', 4.8845, -1.7554],
    ['Takoradi', 4.9342, -1.7137], // Sekondi
    ['Cape Coast', 5.1053, -1.2466],
    ['Cape Coast', 5.12, -1.28],
  ])('a point in the %s box is %s', (city, lat, lng) => {
    expect(detectCity(lat, lng)).toEqual({ city, matchedBy: 'bounding-box' });
  });

  it('puts every centre of contract/cities.ts in its own box, and the boxes do not overlap', () => {
    for (const name of FALLBACK_CITY_NAMES) {
      const c = centre(name);
      const inBoxes = FALLBACK_CITY_NAMES.filter((n) => {
        const b = CITY_BOXES[n];
        return c.lat >= b.south && c.lat <= b.north && c.lng >= b.west && c.lng <= b.east;
      });
      expect(inBoxes).toEqual([name]);
      const b = CITY_BOXES[name];
      expect(b.south).toBeLessThan(b.north);
      expect(b.west).toBeLessThan(b.east);
    }
    for (const a of FALLBACK_CITY_NAMES) {
      for (const b of FALLBACK_CITY_NAMES) {
        if (a === b) continue;
        const x = CITY_BOXES[a];
        const y = CITY_BOXES[b];
        const overlap = x.south <= y.north && y.south <= x.north && x.west <= y.east && y.west <= x.east;
        expect(overlap, `${a} and ${b} overlap`).toBe(false);
      }
    }
  });

  it.each([
    ['Ho', 'Accra'],
    ['Koforidua', 'Accra'],
    ['Sunyani', 'Kumasi'],
    ['Wa', 'Tamale'],
    ['Bolgatanga', 'Tamale'],
  ])('outside the boxes, %s is nearest to %s', (town, nearest) => {
    const c = centre(town);
    expect(detectCity(c.lat, c.lng)).toEqual({ city: nearest, matchedBy: 'nearest' });
  });

  it('just outside a box, the nearest city is still chosen', () => {
    // Elmina (5.0847, -1.3509) lies just west of the Cape Coast box, nearer Cape Coast than Takoradi.
    expect(detectCity(5.0847, -1.3509)).toEqual({ city: 'Cape Coast', matchedBy: 'nearest' });
    // Far away (Lomé, Togo): still one of the five.
    expect(detectCity(6.1319, 1.2228)).toEqual({ city: 'Accra', matchedBy: 'nearest' });
  });
});
