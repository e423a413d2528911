import type { ProfessionalRecord, ProfileChanges } from '../../stores/professional.ts';

/** The profile as the form edits it: every field a string, the skills as typed. */
export const profileDraft = (r: ProfessionalRecord) => ({
  firstName: r.firstName,
  lastName: r.lastName,
  phone: r.phone,
  profession: r.profession,
  experience: r.experience ?? '',
  location: r.location ?? '',
  bio: r.bio ?? '',
  skills: r.skills.join(', '),
});
export type ProfileDraft = ReturnType<typeof profileDraft>;

/** "wiring, solar,  , Wiring" → ["wiring", "solar"] (trimmed, no empties, no repeats). */
export function splitSkills(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

/** The changes sent: the draft as typed (the schema only checks them), the skills as a list. */
export const draftChanges = (draft: ProfileDraft): ProfileChanges => ({ ...draft, skills: splitSkills(draft.skills) });

/**
 * Where the professional is, as the profile shows it: their address, then their city unless the
 * address already names it ("Osu, Accra", not "Osu, Accra, Accra"); else the country.
 */
export function placeText(r: Pick<ProfessionalRecord, 'localAddress' | 'location'>): string {
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const part of [r.localAddress, r.location].flatMap((text) => text?.split(',') ?? [])) {
    const word = part.trim();
    if (word && !seen.has(word.toLowerCase())) {
      seen.add(word.toLowerCase());
      parts.push(word);
    }
  }
  return parts.join(', ') || 'Ghana';
}
