import { expect, it } from 'vitest';
import { CITIES } from './cities.ts';
import { greatCircleMiles, roundMiles } from './distance.ts';

const city = (name: string) => CITIES.find((c) => c.name === name)!;

it('measures Accra to Kumasi as about 124 miles with R = 3959', () => {
  expect(roundMiles(greatCircleMiles(city('Accra'), city('Kumasi')))).toBeCloseTo(124.4, 0);
});

it('is zero from a point to itself and symmetric', () => {
  expect(greatCircleMiles(city('Ho'), city('Ho'))).toBe(0);
  expect(greatCircleMiles(city('Wa'), city('Tamale'))).toBeCloseTo(greatCircleMiles(city('Tamale'), city('Wa')), 10);
});

it('rounds to 0.1 mile', () => {
  expect(roundMiles(6.94)).toBe(6.9);
  expect(roundMiles(7.05)).toBe(7.1);
});
