import { describe, expect, it } from 'vitest';
import type { ProfessionalRecord } from '../../stores/professional.ts';
import { draftChanges, placeText, profileDraft, splitSkills } from './profile-draft.ts';

const record = {
  firstName: 'Kojo',
  lastName: 'Sparks',
  phone: '0241234567',
  profession: 'Electrician',
  experience: '5 years',
  location: null,
  localAddress: null,
  bio: 'Wiring and solar.',
  skills: ['Wiring', 'Solar'],
} as unknown as ProfessionalRecord;

describe('the profile form', () => {
  it('splits skills: trimmed, no empties, no repeats whatever their case', () => {
    expect(splitSkills('wiring, solar,  , Wiring')).toEqual(['wiring', 'solar']);
    expect(splitSkills('')).toEqual([]);
  });

  it('edits the record as strings and sends the skills back as a list', () => {
    const draft = profileDraft(record);
    expect(draft).toMatchObject({ location: '', skills: 'Wiring, Solar' });
    expect(draftChanges({ ...draft, skills: 'Wiring, Solar panels, wiring' }).skills).toEqual([
      'Wiring',
      'Solar panels',
    ]);
  });

  it('shows the address and the city, or the country when neither is known', () => {
    expect(placeText({ localAddress: 'East Legon', location: 'Accra' })).toBe('East Legon, Accra');
    expect(placeText({ localAddress: null, location: 'Kumasi' })).toBe('Kumasi');
    expect(placeText({ localAddress: null, location: null })).toBe('Ghana');
    // A place part already in the address is not said again.
    expect(placeText({ localAddress: 'Osu, Accra', location: 'Accra' })).toBe('Osu, Accra');
    expect(placeText({ localAddress: 'Osu, accra ', location: 'Accra' })).toBe('Osu, accra');
  });
});
